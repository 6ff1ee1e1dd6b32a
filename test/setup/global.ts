import { stopTestServer } from '../support/db.ts';

process.env.NODE_ENV = 'test';

export const mochaHooks = {
  async afterAll() {
    await stopTestServer();
  },
};
