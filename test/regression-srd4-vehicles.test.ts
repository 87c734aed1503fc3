// `assault check` on the pins of test/regression/ in the folders of part 'srd4-vehicles' (test/regression-parts.ts).
import { checkPart } from './regression-parts.js';

checkPart('srd4-vehicles');
