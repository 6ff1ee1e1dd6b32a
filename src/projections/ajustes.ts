import type { Projection } from './runner.ts';

export const ajustesProjection: Projection = {
  name: 'ajustes',
  tables: [],
  async apply() {},
};
