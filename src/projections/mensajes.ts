import type { Projection } from './runner.ts';

export const mensajesProjection: Projection = {
  name: 'mensajes',
  tables: [],
  async apply() {},
};
