// Gives each test worker the environment the local stack's handlers run with, before any test file
// imports a handler, so handlers invoked directly talk to the same DynamoDB Local and SES emulator.
import { inject } from 'vitest';

Object.assign(process.env, inject('localStack').environment);
