import type { Projection } from './runner.ts';

export const recordatoriosProjection: Projection = {
  name: 'recordatorios',
  tables: [],
  async apply() {},
};
