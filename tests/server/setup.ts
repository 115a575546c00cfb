import { setPasswordHashCost } from '../../src/server/lib/passwords';

// Accounts are made by the hundred in these tests: their passwords are hashed at a test's cost (about
// a millisecond, not production's 0.4 s). Production's cost has its own test (passwords.test.ts).
setPasswordHashCost(10);
