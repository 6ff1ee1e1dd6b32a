import type { Projection } from './runner.ts';

export const citasProjection: Projection = {
  name: 'citas',
  tables: [],
  async apply() {},
};
