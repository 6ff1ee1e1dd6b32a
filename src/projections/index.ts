import type { Projection } from './runner.ts';
import { pacientesProjection } from './pacientes.ts';
import { psicologosProjection } from './psicologos.ts';
import { usuariosProjection } from './usuarios.ts';

/** Every read model of the service. */
export const allProjections: Projection[] = [usuariosProjection, pacientesProjection, psicologosProjection];
