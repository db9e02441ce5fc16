import type { ScenarioGroup } from '../lib/types.ts';
import { foundationScenarios } from './foundation.ts';
import { loginBurstScenarios } from './login-burst.ts';

/** Every scenario group of the bench. A later issue adds its file beside this one and lists it here. */
export const scenarioGroups: ScenarioGroup[] = [foundationScenarios, loginBurstScenarios];
