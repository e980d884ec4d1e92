// Bad input for every call of the registry (tests/fuzz/bad-input.ts), shard 1 of 3: the shards run side by side.
import { fuzzRegistryShard } from './bad-input.js';

fuzzRegistryShard(0, 3);
