import sharp from 'sharp';
import { ReservationTakenError, type Position, type Reservation } from '../eventstore/port.ts';
import { psicologoStream, type PsicologoEvent } from '../events/psicologo.ts';
import { AppError, errors } from '../platform/errors.ts';
import { newFileName, type FileExtension, type FileStorage } from '../platform/storage.ts';
import type { Actor, DomainEvent } from './decider.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { handleCommand, type Handled } from './handler.ts';
import { psicologoDecider, sameLicencia, type CambiosPerfil, type PsicologoCommand } from './psicologo.ts';
import { licenciaReservation } from './registration.ts';
import { usuarioDe } from './streams.ts';

export interface CrearPsicologoInput {
  idUsuario: number;
  especialidad?: string | null;
  experiencia: number;
  descripcion?: string | null;
  licencia?: string | null;
}

/** A user holds at most one profile at a time; claimed on create, released on delete. */
const perfilReservation = (deps: CommandDeps, idUsuario: number, release = false): Reservation => ({
  scope: 'perfil-psicologo', key: deps.lookupHash('perfil-psicologo', String(idUsuario)), ...(release ? { release } : {}),
});

const licencia = (deps: CommandDeps, value: string | null, release = false): Reservation[] =>
  value ? [{ ...licenciaReservation(deps, value), ...(release ? { release } : {}) }] : [];

/** Empty or blank licences mean "none", as in the psychologist registration. */
const normaliseLicencia = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);

/** The reservations an event implies: the licence moves with the profile, the user's slot frees on delete. */
function reservationsOf(deps: CommandDeps, events: DomainEvent[]): Reservation[] {
  const out: Reservation[] = [];
  for (const e of events as PsicologoEvent[]) {
    if (e.type === 'PsicologoActualizado' && !sameLicencia(e.data.licenciaAnterior, e.data.licencia)) {
      out.push(...licencia(deps, e.data.licenciaAnterior, true), ...licencia(deps, e.data.licencia));
    }
    if (e.type === 'PsicologoEliminado') out.push(...licencia(deps, e.data.licencia, true), perfilReservation(deps, e.data.idUsuario, true));
  }
  return out;
}

async function run(deps: CommandDeps, actor: Actor, idPsicologo: number, command: PsicologoCommand, extra: Reservation[] = []): Promise<Handled> {
  try {
    const step = { streamId: psicologoStream(idPsicologo), decider: psicologoDecider, command };
    return await handleCommand(deps.store, [step], commandContext(deps, actor), (events) => [...extra, ...reservationsOf(deps, events)]);
  } catch (err) {
    if (err instanceof ReservationTakenError && err.scope === 'licencia') {
      throw errors.conflict('La licencia ya está registrada', 'Licence already registered');
    }
    if (err instanceof ReservationTakenError && err.scope === 'perfil-psicologo') {
      throw errors.conflict('El usuario ya tiene un perfil de psicólogo', 'The user already has a psychologist profile');
    }
    throw err;
  }
}

export async function crearPsicologo(deps: CommandDeps, actor: Actor, input: CrearPsicologoInput) {
  const usuario = await usuarioDe(deps.store, input.idUsuario);
  if (usuario.status !== 'activo' || usuario.rol !== 'PSICOLOGO') {
    throw errors.invalid('El usuario no existe o no tiene el rol PSICOLOGO', 'The user does not exist or does not have the role PSICOLOGO');
  }
  // A profile from the registration took no reservation: the read side's index knows it. The
  // reservation below is what holds under concurrency.
  if ((await deps.lookups.psicologoDeUsuario(input.idUsuario)) !== null) {
    throw errors.conflict('El usuario ya tiene un perfil de psicólogo', 'The user already has a psychologist profile');
  }
  const idPsicologo = await deps.ids('psicologo');
  const lic = normaliseLicencia(input.licencia) ?? null;
  const data = {
    idPsicologo, idUsuario: input.idUsuario, especialidad: input.especialidad ?? null, experiencia: input.experiencia,
    descripcion: input.descripcion ?? null, licencia: lic,
  };
  const extra = [perfilReservation(deps, input.idUsuario), ...licencia(deps, lic)];
  const r = await run(deps, actor, idPsicologo, { type: 'RegistrarPsicologo', data }, extra);
  return { idPsicologo, position: r.position, events: r.events };
}

export async function actualizarPsicologo(deps: CommandDeps, actor: Actor, idPsicologo: number, cambios: CambiosPerfil) {
  const data = { ...cambios, licencia: normaliseLicencia(cambios.licencia) };
  return run(deps, actor, idPsicologo, { type: 'ActualizarPsicologo', data });
}

/** Deletes the profile, then its photo file (after the event: a failed delete keeps the photo). */
export async function eliminarPsicologo(deps: CommandDeps, storage: FileStorage, actor: Actor, idPsicologo: number) {
  const r = await run(deps, actor, idPsicologo, { type: 'EliminarPsicologo' });
  for (const e of r.events as PsicologoEvent[]) {
    if (e.type === 'PsicologoEliminado') await removeFile(storage, e.data.fotoPerfilUrl);
  }
  return r;
}

// --- Profile photo -----------------------------------------------------------------------------

const FILES_PREFIX = '/files/';
const MAX_SIDE = 1024;
/** Decoding more pixels than this is refused: a small file must not expand into gigabytes. */
const MAX_INPUT_PIXELS = 50_000_000; // room for a 48-megapixel phone photo
const SHARP_FORMAT = { jpg: 'jpeg', png: 'png', webp: 'webp' } as const;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const invalidImage = () => errors.invalid('El archivo no es una imagen JPEG, PNG o WebP válida', 'The file is not a valid JPEG, PNG or WebP image');

/** The format by content (magic bytes), never by the name or the declared type. */
export function sniffImage(b: Buffer): FileExtension | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_MAGIC)) return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * Decodes and re-encodes the image: anything hidden in it (EXIF with GPS, comments, trailing data)
 * is dropped, as sharp writes no metadata unless asked. The EXIF orientation is applied first so
 * the photo still stands upright. A truncated or corrupt image fails the decode (failOn warning).
 */
export async function reencodeImage(data: Buffer): Promise<{ data: Buffer; ext: FileExtension }> {
  const ext = sniffImage(data);
  if (!ext) throw invalidImage();
  try {
    const image = sharp(data, { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const meta = await image.metadata();
    if (meta.format !== SHARP_FORMAT[ext]) throw invalidImage();
    const out = await image
      .autoOrient()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toFormat(SHARP_FORMAT[ext])
      .toBuffer();
    return { data: out, ext };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalidImage();
  }
}

async function removeFile(storage: FileStorage, url: string | null): Promise<void> {
  if (url?.startsWith(FILES_PREFIX)) await storage.remove(url.slice(FILES_PREFIX.length));
}

/** Stores the re-encoded photo under a new random name, records it, then removes the photo it replaced. */
export async function actualizarFotoPerfil(
  deps: CommandDeps, storage: FileStorage, actor: Actor, idPsicologo: number, upload: Buffer,
): Promise<{ position: Position | null; events: DomainEvent[] }> {
  const image = await reencodeImage(upload);
  const name = newFileName(image.ext);
  await storage.save(name, image.data);
  let r: Handled;
  try {
    r = await run(deps, actor, idPsicologo, { type: 'ActualizarFotoPerfil', data: { fotoPerfilUrl: FILES_PREFIX + name } });
  } catch (err) {
    await storage.remove(name);
    throw err;
  }
  for (const e of r.events as PsicologoEvent[]) {
    if (e.type === 'FotoPerfilActualizada') await removeFile(storage, e.data.fotoAnterior);
  }
  return { position: r.position, events: r.events };
}
