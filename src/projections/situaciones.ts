import type { Projection } from './runner.ts';

export const situacionesProjection: Projection = {
  name: 'situaciones',
  tables: [],
  async apply() {},
};
