// `assault check` on the pins of test/regression/ in the folders of part 'fightphase-epic-exact' (test/regression-parts.ts).
import { checkPart } from './regression-parts.js';

checkPart('fightphase-epic-exact');
