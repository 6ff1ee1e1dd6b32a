import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import type { NewEvent, StreamWrite } from '../../../src/eventstore/port.ts';
import { instrumento, puntuar } from '../../../src/events/instrumentos.ts';

// Random but coherent event streams of a small practice, appended straight to the event store
// (as an older log or an import would hold them, past the REST API's validation): psychologists
// with hours, patients with odd names and addresses, appointments through every state, sessions,
// clinical history, diary, progress, questionnaire answers, messages, erasure. Ids are offset per world (`base`) so that
// many worlds share one database.

const text = (max: number) => fc.string({ unit: 'grapheme', minLength: 1, maxLength: max }).filter((s) => s.trim().length > 0);
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const dateArb = fc.record({ y: fc.integer({ min: 1930, max: 2026 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) })
  .map(({ y, m, d }) => `${y}-${pad(m)}-${pad(d)}`);
/** Wall-clock times on the practice's clock from 2025 to 2027, on the quarter hour (DST changes included). */
const localArb = fc.record({ y: fc.integer({ min: 2025, max: 2027 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }), h: fc.integer({ min: 0, max: 23 }), q: fc.integer({ min: 0, max: 3 }) })
  .map(({ y, m, d, h, q }) => `${y}-${pad(m)}-${pad(d)}T${pad(h)}:${pad(q * 15)}:00`);

const citaFlow = fc.constantFrom(
  [], ['CitaConfirmada'], ['CitaCancelada'], ['CitaConfirmada', 'CitaCompletada'], ['CitaReprogramada'], ['CitaConfirmada', 'CitaCancelada'], ['CitaCompletada'],
);

const pacienteArb = fc.record({
  nombre: text(40), apellido: text(60), dni: maybe(fc.stringMatching(/^\d{8}[A-Z]$/)),
  fechaNacimiento: dateArb, genero: maybe(fc.constantFrom('MASCULINO', 'FEMENINO', 'OTRO', 'No binario', 'masculino', 'x')),
  telefono: maybe(fc.stringMatching(/^\+?\d{9,12}$/)),
  direcciones: fc.array(fc.record({ calle: text(60), ciudad: text(30), provincia: text(30), codigoPostal: fc.stringMatching(/^\d{5}$/), pais: text(20), descripcion: maybe(text(40)) }), { maxLength: 2 }),
  asignado: fc.boolean(), baja: fc.boolean(), erased: fc.boolean(),
  citas: fc.array(fc.record({ start: localArb, duration: fc.integer({ min: 15, max: 240 }), motivo: maybe(text(80)), flow: citaFlow, sesion: fc.boolean(), notas: maybe(text(200)) }), { maxLength: 3 }),
  historial: fc.array(fc.record({ titulo: text(60), diagnostico: maybe(text(100)), tratamiento: maybe(text(100)), observaciones: maybe(text(100)), autoria: fc.constantFrom('PACIENTE', 'PSICOLOGO'), corregido: fc.boolean(), eliminado: fc.boolean() }), { maxLength: 2 }),
  diario: fc.array(fc.record({ fecha: localArb, emocion: text(30), intensidad: fc.integer({ min: 1, max: 10 }), nota: maybe(text(120)), eliminado: fc.boolean() }), { maxLength: 3 }),
  progreso: fc.array(fc.record({ fecha: dateArb, nivelEstres: fc.integer({ min: 0, max: 10 }), nivelAnsiedad: fc.integer({ min: 0, max: 10 }), nivelAnimo: fc.integer({ min: 0, max: 10 }) }), { maxLength: 2 }),
  mensajes: fc.array(fc.record({ texto: text(200), dePaciente: fc.boolean(), leido: fc.boolean(), en: localArb }), { maxLength: 3 }),
  cuestionarios: fc.array(fc.record({ instrumento: fc.constantFrom('PHQ-9', 'GAD-7'), fecha: localArb, valores: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 9, maxLength: 9 }) }), { maxLength: 2 }),
});

const psicologoArb = fc.record({
  nombre: text(40), apellido: text(60), especialidad: maybe(text(40)), experiencia: fc.integer({ min: 0, max: 60 }), descripcion: maybe(text(100)),
  licencia: maybe(fc.stringMatching(/^[A-Z]{2}\d{5}$/)), horario: fc.boolean(),
});

export const worldArb = fc.record({ psicologos: fc.array(psicologoArb, { minLength: 1, maxLength: 2 }), pacientes: fc.array(pacienteArb, { minLength: 1, maxLength: 3 }) });
export type World = typeof worldArb extends fc.Arbitrary<infer W> ? W : never;

type Actor = { idUsuario: number | null; rol: string | null };
const SYSTEM: Actor = { idUsuario: null, rol: null };

/** The streams of one world, in the order a practice would have written them. */
export function worldStreams(world: World, base: number): StreamWrite[] {
  const writes: StreamWrite[] = [];
  const put = (streamId: string, actor: Actor, ...events: [string, Record<string, unknown>][]) => {
    writes.push({ streamId, expected: 'any', events: events.map(([type, data]): NewEvent => ({ type, data, metadata: { eventId: randomUUID(), actor, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() } })) });
  };
  let seq = base;
  const psis = world.psicologos.map((p) => {
    const idUsuario = ++seq, idPsicologo = ++seq;
    const admin = { idUsuario: null, rol: 'ADMIN' };
    put(`usuario-${idUsuario}`, admin, ['UsuarioRegistrado', { idUsuario, nombre: p.nombre, apellido: p.apellido, email: `psi${idUsuario}@prop.test`, emailHash: `h-${idUsuario}`, passwordHash: 'x', dni: null, rol: 'PSICOLOGO' }]);
    put(`psicologo-${idPsicologo}`, admin, ['PsicologoRegistrado', { idPsicologo, idUsuario, especialidad: p.especialidad, experiencia: p.experiencia, descripcion: p.descripcion, licencia: p.licencia ? `${p.licencia}${idPsicologo}` : null }]);
    if (p.horario) put(`horario-${idPsicologo}`, { idUsuario, rol: 'PSICOLOGO' }, ['HorarioLaboralDefinido', { idPsicologo, desde: '2025-01-01', hasta: null, dias: [1, 2, 3, 4, 5].map((dia) => ({ dia, intervalos: [{ horaInicio: '09:00', horaFin: '14:00' }, { horaInicio: '16:00', horaFin: '20:00' }] })) }]);
    return { idUsuario, idPsicologo };
  });
  world.pacientes.forEach((p, i) => {
    const psi = psis[i % psis.length];
    const idUsuario = ++seq, idPaciente = ++seq;
    const self = { idUsuario, rol: 'PACIENTE' };
    const staff = { idUsuario: psi.idUsuario, rol: 'PSICOLOGO' };
    put(`usuario-${idUsuario}`, SYSTEM, ['UsuarioRegistrado', { idUsuario, nombre: p.nombre, apellido: p.apellido, email: `pac${idUsuario}@prop.test`, emailHash: `h-${idUsuario}`, passwordHash: 'x', dni: p.dni, rol: 'PACIENTE' }]);
    const direcciones = p.direcciones.map((d) => ({ idDireccion: ++seq, ...d }));
    const paciente: [string, Record<string, unknown>][] = [['PacienteRegistrado', { idPaciente, idUsuario, idPsicologo: null, fechaNacimiento: p.fechaNacimiento, genero: p.genero, telefono: p.telefono, direcciones, metodoPago: null, estadoPago: 'PENDIENTE', aceptaTerminos: true, aceptaVideoconferencia: true, aceptaComunicacion: false }]];
    if (p.asignado) paciente.push(['PsicologoAsignado', { idPaciente, idPsicologoAnterior: null, idPsicologo: psi.idPsicologo }]);
    put(`paciente-${idPaciente}`, self, ...paciente);
    for (const c of p.citas) {
      const idCita = ++seq;
      const ref = { idCita, idPaciente, idPsicologo: psi.idPsicologo };
      const flow: [string, Record<string, unknown>][] = c.flow.map((t) => [t, t === 'CitaCancelada' ? { ...ref, startDatetime: c.start, canceladaPor: 'PACIENTE' }
        : t === 'CitaReprogramada' ? { ...ref, startDatetime: c.start.replace(/T\d\d/, 'T10'), durationMinutes: c.duration, motivo: c.motivo, anteriorStartDatetime: c.start } : ref]);
      put(`cita-${idCita}`, self, ['CitaCreada', { ...ref, startDatetime: c.start, durationMinutes: c.duration, motivo: c.motivo }], ...flow);
      if (c.sesion) put(`sesion-${++seq}`, staff, ['SesionRegistrada', { idSesion: seq, idCita, idPaciente, idPsicologo: psi.idPsicologo, sessionDate: c.start, durationMinutes: c.duration, notas: c.notas, recomendaciones: null, registradaPor: 'PSICOLOGO' }]);
    }
    for (const h of p.historial) {
      const idHistory = ++seq;
      const events: [string, Record<string, unknown>][] = [['HistorialCreado', { idHistory, idPaciente, autoria: h.autoria, creadoEn: '2026-01-02T10:00:00', titulo: h.titulo, diagnostico: h.diagnostico, tratamiento: h.tratamiento, observaciones: h.observaciones }]];
      if (h.corregido) events.push(['HistorialCorregido', { idHistory, idPaciente, corregidoEn: '2026-01-03T10:00:00', titulo: h.titulo, diagnostico: h.diagnostico ?? 'corregido', tratamiento: h.tratamiento, observaciones: null }]);
      if (h.eliminado) events.push(['HistorialEliminado', { idHistory, idPaciente }]);
      put(`historial-${idHistory}`, h.autoria === 'PACIENTE' ? self : staff, ...events);
    }
    for (const d of p.diario) {
      const idDiario = ++seq;
      put(`diario-${idDiario}`, self, ['DiarioRegistrado', { idDiario, idPaciente, fecha: d.fecha, emocion: d.emocion, intensidad: d.intensidad, nota: d.nota }], ...(d.eliminado ? [['DiarioEliminado', { idDiario, idPaciente }] as [string, Record<string, unknown>]] : []));
    }
    for (const g of p.progreso) put(`progreso-${++seq}`, self, ['ProgresoRegistrado', { idProgress: seq, idPaciente, ...g }]);
    for (const m of p.mensajes) {
      const idMensaje = ++seq;
      const [senderId, receiverId] = m.dePaciente ? [idUsuario, psi.idUsuario] : [psi.idUsuario, idUsuario];
      put(`mensaje-${idMensaje}`, { idUsuario: senderId, rol: m.dePaciente ? 'PACIENTE' : 'PSICOLOGO' }, ['MensajeEnviado', { idMensaje, senderId, receiverId, idCita: null, idPaciente, mensaje: m.texto, enviadoEn: m.en }],
        ...(m.leido ? [['MensajeLeido', { idMensaje, receiverId, idPaciente, leidoEn: m.en }] as [string, Record<string, unknown>]] : []));
    }
    for (const q of p.cuestionarios) {
      const i = instrumento(q.instrumento)!;
      const partes = { idAsignacion: ++seq, idPaciente, idPsicologo: psi.idPsicologo, instrumento: i.codigo };
      const r = puntuar(i, Object.fromEntries(i.items.map((it, k) => [String(it.numero), q.valores[k]])));
      const idSolicitud = ++seq, idRespuesta = ++seq;
      put(`cuestionario-${partes.idAsignacion}`, staff, ['CuestionarioAsignado', { ...partes, pauta: { tipo: 'UNA_VEZ' }, fecha: q.fecha }],
        ['CuestionarioSolicitado', { ...partes, idSolicitud, fecha: q.fecha, idCita: null }]);
      put(`cuestionario-${partes.idAsignacion}`, self, ['CuestionarioRespondido', { ...partes, idSolicitud, idRespuesta, fecha: q.fecha, respuestas: r.valores, puntuacion: r.puntuacion, banda: r.banda }],
        ...(r.alerta ? [['AlertaSeguridadEmitida', { ...partes, idSolicitud, idRespuesta, fecha: q.fecha }] as [string, Record<string, unknown>]] : []));
    }
    if (p.baja) put(`paciente-${idPaciente}`, self, ['PacienteDadoDeBaja', { idPaciente, idUsuario }]);
    if (p.erased) put(`paciente-${idPaciente}`, { idUsuario: null, rol: 'ADMIN' }, ['PacienteEliminado', { idPaciente, idUsuario }]);
  });
  return writes;
}
