import type { Projection } from './runner.ts';

export const agendaProjection: Projection = {
  name: 'agenda',
  tables: [],
  async apply() {},
};
