import { createRequire } from 'node:module';
import type NedbModule from '@seald-io/nedb';

/**
 * nedb, loaded with types that match what Node gives us. nedb is CommonJS and its typings say
 * `export default`, which TypeScript (nodenext) reads as a `.default` property that does not exist
 * at runtime. Loading it with `require` sidesteps the mismatch.
 */
const require = createRequire(import.meta.url);

export const Datastore = require('@seald-io/nedb') as typeof NedbModule.default;
export type Datastore = InstanceType<typeof NedbModule.default>;
