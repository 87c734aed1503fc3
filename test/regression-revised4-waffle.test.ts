// `assault check` on the pins of test/regression/ in the folders of part 'revised4-waffle' (test/regression-parts.ts).
import { checkPart } from './regression-parts.js';

checkPart('revised4-waffle');
