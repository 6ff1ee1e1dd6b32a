/**
 * Generated from the served OpenAPI document (GET /v3/api-docs) by openapi-typescript.
 * Do not edit: run `npm run client:generate` at the repository root.
 */

export interface paths {
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Iniciar sesión
         * @description Iniciar sesión.
         *
         *     Acceso público, sin token.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/register-paciente": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Registrar un paciente
         * @description Registrar un paciente.
         *
         *     Acceso público, sin token.
         */
        post: operations["registerPaciente"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/register-admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Registrar un administrador
         * @description Registrar un administrador.
         *
         *     Roles: ADMIN
         */
        post: operations["registerAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/register-auditor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Registrar un auditor
         * @description Registra un auditor: un usuario de solo lectura que puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y los registros VERI*FACTU (GET /api/admin/facturacion/registros) y nada más (403 en cualquier otra ruta y en el canal STOMP). Mismo cuerpo que el registro de administradores.
         *
         *     Roles: ADMIN
         */
        post: operations["registerAuditor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/register-psicologo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Registrar un psicólogo
         * @description Registrar un psicólogo.
         *
         *     Roles: ADMIN
         */
        post: operations["registerPsicologo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/admins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Listar administradores
         * @description Listar administradores.
         *
         *     Roles: ADMIN
         */
        get: operations["listAdmins"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/auditores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Listar auditores
         * @description Listar auditores.
         *
         *     Roles: ADMIN
         */
        get: operations["listAuditores"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/pacientes/{id}/baja": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Dar de baja a un paciente
         * @description Dar de baja a un paciente.
         *
         *     Roles: ADMIN
         */
        put: operations["deactivatePaciente"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pacientes/admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Listar todos los pacientes
         * @description Listar todos los pacientes.
         *
         *     Roles: ADMIN
         */
        get: operations["listPacientes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pacientes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Crear el perfil de paciente de un usuario PACIENTE
         * @description Crear el perfil de paciente de un usuario PACIENTE.
         *
         *     Roles: ADMIN
         */
        post: operations["createPaciente"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pacientes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ver un paciente
         * @description Ver un paciente.
         *
         *     Cualquier usuario autenticado.
         */
        get: operations["getPaciente"];
        /**
         * Actualizar un paciente (idPsicologo y estadoPago: solo ADMIN)
         * @description estadoPago, desde la primera factura del paciente, se deriva de sus pagos: PAGADO registra un pago de lo pendiente (EFECTIVO, "ajuste administrativo"); otro valor distinto del actual, 409 (docs/billing.md "estadoPago").
         *
         *     Cualquier usuario autenticado.
         */
        put: operations["updatePaciente"];
        post?: never;
        /**
         * Eliminar un paciente y sus datos personales (supresión)
         * @description Eliminar un paciente y sus datos personales (supresión).
         *
         *     Roles: ADMIN
         */
        delete: operations["deletePaciente"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pacientes/{id}/exportacion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Exportar todos los datos de un paciente (portabilidad)
         * @description Exportar todos los datos de un paciente (portabilidad).
         *
         *     Roles: ADMIN, PACIENTE
         */
        get: operations["exportPaciente"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/psicologos/asignar-psicologo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Asignar un psicólogo a un paciente
         * @description Asignar un psicólogo a un paciente.
         *
         *     Roles: ADMIN
         */
        post: operations["assignPsicologo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/horario": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mi horario laboral (404 si no lo he definido: cualquier hora libre se puede reservar)
         * @description Mi horario laboral (404 si no lo he definido: cualquier hora libre se puede reservar).
         *
         *     Roles: PSICOLOGO
         */
        get: operations["getHorarioLaboral"];
        /**
         * Definir mi horario laboral semanal (sustituye al anterior)
         * @description Por día de la semana (1 = lunes … 7 = domingo), intervalos HH:mm de la zona de la consulta (horaFin 24:00 = medianoche), sin solaparse, como mucho 6 por día; vale de desde a hasta (sin hasta: indefinido). Con horario, una cita fuera de él se rechaza con 409 (los bloqueos siguen restando tiempo); un día sin intervalos o fuera de las fechas no es laborable. Las citas ya reservadas no cambian.
         *
         *     Roles: PSICOLOGO
         */
        put: operations["putHorarioLaboral"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologos/{id}/horario": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * El horario laboral de un psicólogo (404 si no existe o no lo ha definido)
         * @description El horario laboral de un psicólogo (404 si no existe o no lo ha definido).
         *
         *     Cualquier usuario autenticado.
         */
        get: operations["getHorarioLaboralPsicologo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologos/{id}/disponibilidad": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Huecos libres de un psicólogo entre dos fechas, para una duración
         * @description Horas de inicio (hora local AAAA-MM-DDTHH:mm:ss) cada 15 minutos desde el inicio de cada intervalo del horario laboral, en las que una cita de esa duración cabe en el intervalo, no se solapa con citas no canceladas ni bloqueos (ni con las citas propias de quien consulta, si es paciente), no está en el pasado y está dentro del horizonte de reserva: exactamente lo que POST /api/citas aceptaría. Una hora que no existe por el cambio al horario de verano nunca aparece; la hora repetida al volver al de invierno aparece una vez. Sin horario laboral definido, la lista está vacía. Como mucho 31 días por consulta.
         *
         *     Cualquier usuario autenticado.
         */
        get: operations["listDisponibilidad"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/citas/{id}/sala": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Entrar en la videollamada de una cita ONLINE mía (paciente o psicólogo de la cita)
         * @description Solo los dos participantes: la cita de otro es 404, como si no existiera; el administrador, 403. Responde el enlace de Jitsi con un token JWT propio (el psicólogo, moderador) válido desde JITSI_OPEN_MINUTES_BEFORE minutos antes del inicio hasta el fin. La primera entrada del psicólogo avisa al paciente por STOMP (/user/queue/avisos). Ver docs/care.md.
         *
         *     Roles: PACIENTE, PSICOLOGO
         */
        get: operations["getSalaCita"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/modalidades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Las modalidades de cita que ofrezco (PRESENCIAL, ONLINE)
         * @description Las modalidades de cita que ofrezco (PRESENCIAL, ONLINE).
         *
         *     Roles: PSICOLOGO
         */
        get: operations["getModalidadesPsicologo"];
        /**
         * Elegir las modalidades de cita que ofrezco: una o las dos
         * @description Las citas ya reservadas no cambian; las nuevas en una modalidad que no ofrezco son 409.
         *
         *     Roles: PSICOLOGO
         */
        put: operations["updateModalidadesPsicologo"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Listar psicólogos
         * @description Listar psicólogos.
         *
         *     Roles: ADMIN, PSICOLOGO
         */
        get: operations["listPsicologos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Crear el perfil de psicólogo de un usuario PSICOLOGO
         * @description Crear el perfil de psicólogo de un usuario PSICOLOGO.
         *
         *     Roles: ADMIN
         */
        post: operations["createPsicologo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/pacientes/getAll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pacientes del psicólogo autenticado
         * @description Pacientes del psicólogo autenticado.
         *
         *     Roles: PSICOLOGO
         */
        get: operations["listMisPacientes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/pacientes/{id}/psicologo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Psicólogo asignado a un paciente (público)
         * @description Psicólogo asignado a un paciente (público).
         *
         *     Acceso público, sin token.
         */
        get: operations["getPsicologoDePaciente"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/{id}/perfil": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Perfil de un psicólogo
         * @description Perfil de un psicólogo.
         *
         *     Cualquier usuario autenticado.
         */
        get: operations["getPsicologoPerfil"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Actualizar un perfil (un psicólogo, solo el suyo)
         * @description Actualizar un perfil (un psicólogo, solo el suyo).
         *
         *     Roles: ADMIN, PSICOLOGO
         */
        put: operations["updatePsicologo"];
        post?: never;
        /**
         * Eliminar un perfil de psicólogo
         * @description Eliminar un perfil de psicólogo.
         *
         *     Roles: ADMIN
         */
        delete: operations["deletePsicologo"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/{id}/foto": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Subir la foto de perfil (multipart/form-data, parte "file": JPEG, PNG o WebP, máx. 5 MiB)
         * @description Subir la foto de perfil (multipart/form-data, parte "file": JPEG, PNG o WebP, máx. 5 MiB).
         *
         *     Roles: ADMIN, PSICOLOGO
         */
        post: operations["uploadPsicologoFoto"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Descargar un archivo subido (foto de perfil)
         * @description Descargar un archivo subido (foto de perfil).
         *
         *     Cualquier usuario autenticado.
         */
        get: operations["getArchivo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/psicologos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Listar psicólogos
         * @description Listar psicólogos.
         *
         *     Roles: ADMIN
         */
        get: operations["listPsicologosAdmin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/psicologos/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Crear el perfil de psicólogo de un usuario PSICOLOGO
         * @description Crear el perfil de psicólogo de un usuario PSICOLOGO.
         *
         *     Roles: ADMIN
         */
        post: operations["createPsicologoAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/psicologos/pacientes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Psicólogos con sus pacientes
         * @description Psicólogos con sus pacientes.
         *
         *     Roles: ADMIN
         */
        get: operations["listPsicologosConPacientes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/psicologos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Actualizar un perfil de psicólogo
         * @description Actualizar un perfil de psicólogo.
         *
         *     Roles: ADMIN
         */
        put: operations["updatePsicologoAdmin"];
        post?: never;
        /**
         * Eliminar un perfil de psicólogo
         * @description Eliminar un perfil de psicólogo.
         *
         *     Roles: ADMIN
         */
        delete: operations["deletePsicologoAdmin"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/direcciones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mis direcciones
         * @description Mis direcciones.
         *
         *     Roles: PACIENTE
         */
        get: operations["listDirecciones"];
        put?: never;
        /**
         * Añadir una dirección
         * @description Añadir una dirección.
         *
         *     Roles: PACIENTE
         */
        post: operations["createDireccion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/direcciones/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Una de mis direcciones
         * @description Una de mis direcciones.
         *
         *     Roles: PACIENTE
         */
        get: operations["getDireccion"];
        put?: never;
        post?: never;
        /**
         * Eliminar una de mis direcciones
         * @description Eliminar una de mis direcciones.
         *
         *     Roles: PACIENTE
         */
        delete: operations["deleteDireccion"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/direcciones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Direcciones de uno de mis pacientes
         * @description Direcciones de uno de mis pacientes.
         *
         *     Roles: PSICOLOGO
         */
        get: operations["listDireccionesPsicologo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/direcciones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Todas las direcciones
         * @description Todas las direcciones.
         *
         *     Roles: ADMIN
         */
        get: operations["listDireccionesAdmin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/situaciones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Catálogo de situaciones activas
         * @description Catálogo de situaciones activas.
         *
         *     Acceso público, sin token.
         */
        get: operations["listSituaciones"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/situaciones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Catálogo completo, también las inactivas
         * @description Catálogo completo, también las inactivas.
         *
         *     Roles: ADMIN
         */
        get: operations["listSituacionesAdmin"];
        put?: never;
        /**
         * Crear una situación
         * @description Crear una situación.
         *
         *     Roles: ADMIN
         */
        post: operations["createSituacion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/situaciones/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Modificar una situación
         * @description Modificar una situación.
         *
         *     Roles: ADMIN
         */
        put: operations["updateSituacion"];
        post?: never;
        /**
         * Eliminar una situación
         * @description Eliminar una situación.
         *
         *     Roles: ADMIN
         */
        delete: operations["deleteSituacion"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/servicios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Servicios activos de la consulta y sus precios
         * @description Servicios activos de la consulta y sus precios.
         *
         *     Roles: ADMIN, PSICOLOGO, PACIENTE
         */
        get: operations["listServicios"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/servicios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Todos los servicios, también los desactivados
         * @description Todos los servicios, también los desactivados.
         *
         *     Roles: ADMIN
         */
        get: operations["listServiciosAdmin"];
        put?: never;
        /**
         * Crear un servicio
         * @description Crear un servicio.
         *
         *     Roles: ADMIN
         */
        post: operations["createServicio"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/servicios/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Modificar un servicio (los campos omitidos opcionales se conservan)
         * @description Modificar un servicio (los campos omitidos opcionales se conservan).
         *
         *     Roles: ADMIN
         */
        put: operations["updateServicio"];
        post?: never;
        /**
         * Desactivar un servicio (no se borra: cargos y facturas lo nombran)
         * @description Desactivar un servicio (no se borra: cargos y facturas lo nombran).
         *
         *     Roles: ADMIN
         */
        delete: operations["deactivateServicio"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/psicologos/{id}/tarifas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Precios propios de un psicólogo
         * @description Precios propios de un psicólogo.
         *
         *     Roles: ADMIN
         */
        get: operations["listTarifasPsicologoAdmin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/psicologos/{id}/tarifas/{idServicio}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Fijar el precio propio de un psicólogo para un servicio
         * @description Fijar el precio propio de un psicólogo para un servicio.
         *
         *     Roles: ADMIN
         */
        put: operations["setTarifaPsicologo"];
        post?: never;
        /**
         * Quitar el precio propio de un psicólogo (vuelve a regir el del servicio)
         * @description Quitar el precio propio de un psicólogo (vuelve a regir el del servicio).
         *
         *     Roles: ADMIN
         */
        delete: operations["deleteTarifaPsicologo"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/tarifas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mis precios propios
         * @description Mis precios propios.
         *
         *     Roles: PSICOLOGO
         */
        get: operations["listMisTarifas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pacientes/{id}/tarifa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tarifa de un paciente (descuento o precio fijo)
         * @description La regla de precio del paciente; ambos campos null si no tiene. Un psicólogo, solo de sus pacientes; un paciente, solo la suya (404 si no).
         *
         *     Roles: ADMIN, PSICOLOGO, PACIENTE
         */
        get: operations["getTarifaPaciente"];
        /**
         * Fijar la tarifa de un paciente
         * @description Un descuento en porcentaje o un precio fijo por sesión (escala móvil), no ambos; sustituye a la anterior. Un psicólogo, solo para sus pacientes (404 si no).
         *
         *     Roles: ADMIN, PSICOLOGO
         */
        put: operations["setTarifaPaciente"];
        post?: never;
        /**
         * Quitar la tarifa de un paciente
         * @description Quitar la tarifa de un paciente.
         *
         *     Roles: ADMIN, PSICOLOGO
         */
        delete: operations["deleteTarifaPaciente"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tarifas/precio": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Precio de una sesión
         * @description Resuelve el servicio (idServicio, o el servicio por defecto de duracionMinutos), su precio, el precio propio del psicólogo y la tarifa del paciente, y el precio final en céntimos. Un psicólogo, solo de sus pacientes y con él mismo como psicólogo (404 si no).
         *
         *     Roles: ADMIN, PSICOLOGO
         */
        get: operations["getPrecioSesion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/facturacion/ajustes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Quién emite las facturas y los datos de la consulta
         * @description Quién emite las facturas y los datos de la consulta.
         *
         *     Roles: ADMIN
         */
        get: operations["getAjustesFacturacion"];
        /**
         * Fijar quién emite y los datos de la consulta como emisor
         * @description El NIF se comprueba (400 nombrando el campo). Sin `consulta`, la consulta queda sin datos de emisor.
         *
         *     Roles: ADMIN
         */
        put: operations["setAjustesFacturacion"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/psicologos/{id}/datos-fiscales": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Datos fiscales de un psicólogo como emisor
         * @description Datos fiscales de un psicólogo como emisor.
         *
         *     Roles: ADMIN
         */
        get: operations["getDatosFiscalesPsicologo"];
        /**
         * Fijar los datos fiscales de un psicólogo (emite cuando emisorEs es PSICOLOGO)
         * @description Fijar los datos fiscales de un psicólogo (emite cuando emisorEs es PSICOLOGO).
         *
         *     Roles: ADMIN
         */
        put: operations["setDatosFiscalesPsicologo"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/facturas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Facturas emitidas (filtros: paciente, psicólogo, año)
         * @description Facturas emitidas (filtros: paciente, psicólogo, año).
         *
         *     Roles: ADMIN
         */
        get: operations["listFacturas"];
        put?: never;
        /**
         * Emitir una factura a un paciente
         * @description Numerada en la serie del emisor y el año (AAAA-A/000001), sin huecos ni repeticiones, con su registro de alta VERI*FACTU encadenado. Un psicólogo solo si emite cada psicólogo (403 si no) y solo a sus pacientes (404). Sin NIF o domicilio del paciente, factura simplificada (F2) hasta 400,00 €; por encima, 409. Sin datos del emisor, 409 diciendo cuáles faltan.
         *
         *     Roles: ADMIN, PSICOLOGO
         */
        post: operations["createFactura"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/facturas/{id}/anulacion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Anular una factura (queda, marcada ANULADA, con su registro de anulación)
         * @description Anular una factura (queda, marcada ANULADA, con su registro de anulación).
         *
         *     Roles: ADMIN
         */
        post: operations["anularFactura"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/facturas/{id}/rectificativa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Emitir una factura rectificativa (por diferencias) de una factura
         * @description Numerada en la serie R del emisor de la original y el año (AAAA-R/000001), con su registro de alta que nombra la original. Las diferencias pueden ser negativas, sin dejar el total de la original (con sus rectificaciones) por debajo de 0 (400). Una anulada o una rectificativa no se rectifican (409).
         *
         *     Roles: ADMIN
         */
        post: operations["rectificarFactura"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pacientes/{id}/facturas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Facturas de un paciente
         * @description El paciente, las suyas; un psicólogo, las de sus pacientes (404 si no lo es).
         *
         *     Roles: ADMIN, PSICOLOGO, PACIENTE
         */
        get: operations["listFacturasPaciente"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/facturas/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Una factura
         * @description El paciente, las suyas; un psicólogo, las de sus pacientes y las que emitió (de un paciente eliminado, solo las que emitió); 404 fuera de eso.
         *
         *     Roles: ADMIN, PSICOLOGO, PACIENTE
         */
        get: operations["getFactura"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/facturas/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * La factura en PDF, con el QR de VERI*FACTU
         * @description La factura en PDF, con el QR de VERI*FACTU.
         *
         *     Roles: ADMIN, PSICOLOGO, PACIENTE
         */
        get: operations["getFacturaPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/facturacion/registros": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Registros VERI*FACTU (altas y anulaciones) y la respuesta de la AEAT a cada uno
         * @description En el orden en que se generaron (el de la cadena de cada emisor). Sin envío a la AEAT configurado (VERIFACTU_SUBMIT), quedan PENDIENTE.
         *
         *     Roles: ADMIN, AUDITOR
         */
        get: operations["listRegistrosFacturacion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/cargos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cargos de la consulta (filtros: paciente, psicólogo, estado)
         * @description Cargos de la consulta (filtros: paciente, psicólogo, estado).
         *
         *     Roles: ADMIN
         */
        get: operations["listCargos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pacientes/{id}/cargos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cargos de un paciente
         * @description El paciente, los suyos; un psicólogo, los de sus pacientes (404 si no lo es).
         *
         *     Roles: ADMIN, PSICOLOGO, PACIENTE
         */
        get: operations["listCargosPaciente"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/informes/ingresos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ingresos por psicólogo y mes (JSON o CSV)
         * @description Por mes de expedición y psicólogo de la factura: facturas, base, IVA, total facturado (las rectificativas con sus diferencias; las anuladas no cuentan) y lo cobrado de ellas, en céntimos. Con `formato=csv` (o `Accept: text/csv`), el mismo informe en CSV (separador `;`, euros con coma decimal).
         *
         *     Roles: ADMIN
         */
        get: operations["getInformeIngresos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/informes/ingresos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mis ingresos por mes (JSON o CSV)
         * @description El informe de ingresos de las facturas del psicólogo que llama (las de sus pacientes al emitirlas) y de nadie más.
         *
         *     Roles: PSICOLOGO
         */
        get: operations["getMisIngresos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/facturas.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Facturas emitidas en CSV (filtros: paciente, psicólogo, año)
         * @description Todas las facturas que seleccionan los filtros de la lista, por idFactura, con el nombre y NIF del destinatario. Separador `;`, euros con coma decimal.
         *
         *     Roles: ADMIN
         */
        get: operations["exportFacturasCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/facturas/{id}/pago-online": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pagar ahora con tarjeta: una sesión de Stripe Checkout por lo pendiente
         * @description El paciente, sus facturas (las de otro: 404). Se cobra lo pendiente de la factura; a Stripe solo van el importe, el número de factura y su id. 409 si no hay nada pendiente, si está anulada o es rectificativa, o si los pagos online no están configurados (STRIPE_SECRET_KEY); 503 si Stripe no responde. El pago se registra cuando Stripe lo confirma por su webhook.
         *
         *     Roles: ADMIN, PACIENTE
         */
        post: operations["pagarFacturaOnline"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pagos/stripe/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Eventos de Stripe (los envía Stripe, firmados)
         * @description Sin token: la autenticación es la firma de Stripe (cabecera Stripe-Signature) sobre los bytes exactos del cuerpo, con STRIPE_WEBHOOK_SECRET. Firma ausente o no válida: 400 y nada se registra. Cada evento se procesa una vez: un duplicado responde 200. checkout.session.completed y payment_intent.succeeded registran el pago (STRIPE), payment_intent.payment_failed el intento fallido, charge.refunded el reembolso; otros tipos, 200 ignorados.
         *
         *     Acceso público, sin token.
         */
        post: operations["webhookStripe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/facturas/{id}/pagos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pagos de una factura
         * @description Quien puede ver la factura (404 si no).
         *
         *     Roles: ADMIN, PSICOLOGO, PACIENTE
         */
        get: operations["listPagosFactura"];
        put?: never;
        /**
         * Registrar un pago de una factura
         * @description El administrador; un psicólogo, solo de las facturas que emite él (emisorEs PSICOLOGO; 403 si no). 409 si la factura está anulada o pagada, si es rectificativa (se paga la original) o si el importe supera lo pendiente (el total con sus rectificativas, menos lo pagado y más lo reembolsado).
         *
         *     Roles: ADMIN, PSICOLOGO
         */
        post: operations["createPago"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pacientes/{id}/pagos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pagos de un paciente
         * @description El paciente, los suyos; un psicólogo, los de sus pacientes (404 si no lo es).
         *
         *     Roles: ADMIN, PSICOLOGO, PACIENTE
         */
        get: operations["listPagosPaciente"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pacientes/{id}/saldo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Saldo de un paciente: facturado, pagado, reembolsado y pendiente
         * @description El paciente, el suyo; un psicólogo, el de sus pacientes (404 si no lo es). Las facturas anuladas no cuentan como facturadas ni pendientes; lo pagado de ellas sí cuenta como pagado.
         *
         *     Roles: ADMIN, PSICOLOGO, PACIENTE
         */
        get: operations["getSaldoPaciente"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pagos/{id}/reembolso": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reembolsar (parte de) un pago
         * @description Por defecto, lo que queda del pago; más que eso, 409. Un pago en línea (STRIPE) se reembolsa a través de la pasarela: sin ella configurada, 409.
         *
         *     Roles: ADMIN
         */
        post: operations["reembolsarPago"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/informes/saldos-pendientes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Saldos pendientes por antigüedad (0–30, 31–60, 61–90, más de 90 días), por paciente y en total
         * @description Con `formato=csv` (o `Accept: text/csv`), CSV: UTF-8 con BOM, separador `;`, importes en euros con coma decimal (1234,56), la última fila los totales.
         *
         *     Roles: ADMIN
         */
        get: operations["getSaldosPendientes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pacientes/{id}/bonos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Bonos de un paciente
         * @description El paciente, los suyos; un psicólogo, los de sus pacientes (404 si no lo es).
         *
         *     Roles: ADMIN, PSICOLOGO, PACIENTE
         */
        get: operations["listBonosPaciente"];
        put?: never;
        /**
         * Vender un bono de sesiones a un paciente (se factura al venderlo)
         * @description El administrador a cualquier paciente; un psicólogo a los suyos (404 si no lo es). La factura del bono (una línea "Bono de N sesiones") se emite en la misma escritura atómica que el bono: sin datos del emisor, 409 y no hay bono. Cada sesión completada del paciente (del servicio, si lo nombra) hasta validoHasta gasta una.
         *
         *     Roles: ADMIN, PSICOLOGO
         */
        post: operations["venderBono"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/facturas/mensuales": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Facturar los cargos pendientes de un mes: una factura por paciente
         * @description Cada paciente con cargos PENDIENTE_FACTURAR de ese mes recibe una factura con una línea por cargo (su fecha, el nombre del servicio o el concepto). Repetirla no emite nada dos veces: un cargo facturado queda FACTURADO en la misma escritura que su factura. Un mes que no ha terminado es 400. Un paciente al que no se puede facturar (p. ej. faltan los datos del emisor) queda en `omitidos` con el motivo, y sus cargos pendientes.
         *
         *     Roles: ADMIN
         */
        post: operations["facturarMes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ajustes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mis ajustes (valores por defecto si nunca se cambiaron)
         * @description Mis ajustes (valores por defecto si nunca se cambiaron).
         *
         *     Cualquier usuario autenticado.
         */
        get: operations["getAjustes"];
        /**
         * Cambiar mis ajustes
         * @description Cambiar mis ajustes.
         *
         *     Cualquier usuario autenticado.
         */
        put: operations["updateAjustes"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/ajustes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ajustes guardados de todos los usuarios
         * @description Ajustes guardados de todos los usuarios.
         *
         *     Roles: ADMIN
         */
        get: operations["listAjustesAdmin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dispositivos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Registrar mi token de notificaciones push
         * @description Un token tiene como máximo 512 caracteres. Cada usuario conserva como máximo 10 (MAX_DEVICE_TOKENS_PER_USER): registrar uno más elimina el más antiguo.
         *
         *     Cualquier usuario autenticado.
         */
        post: operations["registerDispositivo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dispositivos/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Eliminar mi token de notificaciones push
         * @description Eliminar mi token de notificaciones push.
         *
         *     Cualquier usuario autenticado.
         */
        delete: operations["deleteDispositivo"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/citas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Citas mías
         * @description Citas mías.
         *
         *     Roles: PACIENTE
         */
        get: operations["listCitas"];
        put?: never;
        /**
         * Pedir una cita (idPaciente del token; PENDIENTE)
         * @description Pedir una cita (idPaciente del token; PENDIENTE).
         *
         *     Roles: PACIENTE
         */
        post: operations["createCita"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/citas/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Una cita mías
         * @description Una cita mías.
         *
         *     Roles: PACIENTE
         */
        get: operations["getCita"];
        /**
         * Cambiar la hora o el motivo de una cita mía (PENDIENTE o CONFIRMADA)
         * @description Cambiar la hora o el motivo de una cita mía (PENDIENTE o CONFIRMADA).
         *
         *     Roles: PACIENTE
         */
        put: operations["updateCita"];
        post?: never;
        /**
         * Cancelar una cita mía (queda CANCELADA y visible)
         * @description Cancelar una cita mía (queda CANCELADA y visible).
         *
         *     Roles: PACIENTE
         */
        delete: operations["cancelCita"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/citas/paciente/{idPaciente}/agenda": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Agenda mensual de un paciente: sus citas y el tiempo bloqueado de su psicólogo ("No disponible")
         * @description Agenda mensual de un paciente: sus citas y el tiempo bloqueado de su psicólogo ("No disponible").
         *
         *     Roles: PACIENTE, ADMIN
         */
        get: operations["getPacienteAgenda"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/citas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Citas de mi consulta
         * @description Citas de mi consulta.
         *
         *     Roles: PSICOLOGO
         */
        get: operations["listCitasPsicologo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/citas/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Una cita de mi consulta
         * @description Una cita de mi consulta.
         *
         *     Roles: PSICOLOGO
         */
        get: operations["getCitaPsicologo"];
        /**
         * Cambiar el estado de una cita de mi consulta: PENDIENTE→CONFIRMADA, PENDIENTE|CONFIRMADA→CANCELADA, CONFIRMADA→COMPLETADA
         * @description Cambiar el estado de una cita de mi consulta: PENDIENTE→CONFIRMADA, PENDIENTE|CONFIRMADA→CANCELADA, CONFIRMADA→COMPLETADA.
         *
         *     Roles: PSICOLOGO
         */
        put: operations["updateCitaEstado"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/citas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Citas de la clínica (todas)
         * @description Citas de la clínica (todas).
         *
         *     Roles: ADMIN
         */
        get: operations["listCitasAdmin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/citas/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Una cita de la clínica (todas)
         * @description Una cita de la clínica (todas).
         *
         *     Roles: ADMIN
         */
        get: operations["getCitaAdmin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/citas/series": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pedir una serie de citas semanal o quincenal con mi psicólogo asignado (idPaciente del token)
         * @description Reserva todas las citas de la serie en una sola operación, o ninguna: si alguna fecha se solapa con otra cita o un bloqueo del psicólogo, con otra cita del paciente, está en el pasado o fuera del plazo de reserva, responde 409 y el mensaje nombra cada una de esas fechas. La hora local se mantiene aunque cambie el horario de verano. Se envía un único aviso por serie. Si la consulta exige consentimientos informados y al paciente le falta alguno (o la versión vigente), 409 nombrando cada documento (docs/care.md).
         *
         *     Roles: PACIENTE
         */
        post: operations["createSerieCitas"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/citas/series": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reservar una serie de citas semanal o quincenal para uno de mis pacientes
         * @description Reserva todas las citas de la serie en una sola operación, o ninguna: si alguna fecha se solapa con otra cita o un bloqueo del psicólogo, con otra cita del paciente, está en el pasado o fuera del plazo de reserva, responde 409 y el mensaje nombra cada una de esas fechas. La hora local se mantiene aunque cambie el horario de verano. Se envía un único aviso por serie. Si la consulta exige consentimientos informados y al paciente le falta alguno (o la versión vigente), 409 nombrando cada documento (docs/care.md).
         *
         *     Roles: PSICOLOGO
         */
        post: operations["createSerieCitasPsicologo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/citas/series/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Las citas de una serie mía, por fecha
         * @description Cada cita de la serie, en cualquier estado (las movidas o canceladas por separado siguen en ella).
         *
         *     Roles: PACIENTE
         */
        get: operations["getSerieCitas"];
        put?: never;
        post?: never;
        /**
         * Cancelar el resto de una serie mía: sus citas PENDIENTE o CONFIRMADA desde una fecha
         * @description Cancela a la vez, en una sola operación, las citas de la serie aún no empezadas desde el día `desde` (incluido); para cancelar una sola, DELETE de esa cita. Sin citas que cancelar también responde 204.
         *
         *     Roles: PACIENTE
         */
        delete: operations["cancelSerieCitas"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/citas/series/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Las citas de una serie de mi consulta, por fecha
         * @description Cada cita de la serie, en cualquier estado (las movidas o canceladas por separado siguen en ella).
         *
         *     Roles: PSICOLOGO
         */
        get: operations["getSerieCitasPsicologo"];
        put?: never;
        post?: never;
        /**
         * Cancelar el resto de una serie de mi consulta: sus citas PENDIENTE o CONFIRMADA desde una fecha
         * @description Cancela a la vez, en una sola operación, las citas de la serie aún no empezadas desde el día `desde` (incluido); para cancelar una sola, DELETE de esa cita. Sin citas que cancelar también responde 204.
         *
         *     Roles: PSICOLOGO
         */
        delete: operations["cancelSerieCitasPsicologo"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lista-espera": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mis entradas en listas de espera
         * @description Todas, en cualquier estado, en el orden en que me uní.
         *
         *     Roles: PACIENTE
         */
        get: operations["listListaEspera"];
        put?: never;
        /**
         * Unirse a la lista de espera de un psicólogo para un rango de fechas
         * @description Cuando se cancela una cita o se elimina un bloqueo de ese psicólogo en el rango, se avisa por correo y push, por orden de llegada, a quienes esperan; la cita se reserva con POST /api/citas y el primero que reserva se la queda. El rango empieza hoy o después, dura como mucho 31 días y acaba dentro del plazo de reserva (si no, 400). Con cada psicólogo, un paciente tiene como mucho una entrada ACTIVA para fechas que se solapan (si no, 409); cada hueco liberado se le avisa una vez.
         *
         *     Roles: PACIENTE
         */
        post: operations["joinListaEspera"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/lista-espera/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Abandonar una de mis entradas de lista de espera
         * @description Deja de avisarse; la entrada sigue en la lista como ABANDONADA. Una entrada de otro paciente responde 404; una ya abandonada, 409.
         *
         *     Roles: PACIENTE
         */
        delete: operations["leaveListaEspera"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/lista-espera": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * La lista de espera de mi agenda
         * @description Todas sus entradas, en cualquier estado, por orden de llegada.
         *
         *     Roles: PSICOLOGO
         */
        get: operations["listListaEsperaPsicologo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/agenda": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mi agenda mensual: las citas de mi consulta y mis bloqueos (con su motivo)
         * @description Mi agenda mensual: las citas de mi consulta y mis bloqueos (con su motivo).
         *
         *     Roles: PSICOLOGO
         */
        get: operations["getPsicologoAgenda"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/bloqueos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mis bloqueos de un mes, por fecha y hora
         * @description Mis bloqueos de un mes, por fecha y hora.
         *
         *     Roles: PSICOLOGO
         */
        get: operations["listBloqueos"];
        put?: never;
        /**
         * Bloquear tiempo de mi agenda (sin horas: el día completo); no puede solaparse con una cita
         * @description Bloquear tiempo de mi agenda (sin horas: el día completo); no puede solaparse con una cita.
         *
         *     Roles: PSICOLOGO
         */
        post: operations["createBloqueo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/bloqueos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Eliminar uno de mis bloqueos
         * @description Eliminar uno de mis bloqueos.
         *
         *     Roles: PSICOLOGO
         */
        delete: operations["deleteBloqueo"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sesiones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mis sesiones
         * @description Mis sesiones.
         *
         *     Roles: PACIENTE
         */
        get: operations["listSesiones"];
        put?: never;
        /**
         * Registrar una sesión de una de mis citas
         * @description Registrar una sesión de una de mis citas.
         *
         *     Roles: PACIENTE
         */
        post: operations["createSesion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sesiones/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Una de mis sesiones
         * @description Una de mis sesiones.
         *
         *     Roles: PACIENTE
         */
        get: operations["getSesion"];
        put?: never;
        post?: never;
        /**
         * Eliminar una sesión que registré yo
         * @description Eliminar una sesión que registré yo.
         *
         *     Roles: PACIENTE
         */
        delete: operations["deleteSesion"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/sesiones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sesiones de mi consulta (opcionalmente, de uno de mis pacientes: ?idPaciente=)
         * @description Sesiones de mi consulta (opcionalmente, de uno de mis pacientes: ?idPaciente=).
         *
         *     Roles: PSICOLOGO
         */
        get: operations["listSesionesPsicologo"];
        put?: never;
        /**
         * Registrar una sesión de uno de mis pacientes
         * @description Registrar una sesión de uno de mis pacientes.
         *
         *     Roles: PSICOLOGO
         */
        post: operations["createSesionPsicologo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/sesiones/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Una sesión de mi consulta
         * @description Una sesión de mi consulta.
         *
         *     Roles: PSICOLOGO
         */
        get: operations["getSesionPsicologo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/sesiones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Todas las sesiones
         * @description Todas las sesiones.
         *
         *     Roles: ADMIN
         */
        get: operations["listSesionesAdmin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/historial-clinico": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mi historial clínico
         * @description Mi historial clínico.
         *
         *     Roles: PACIENTE
         */
        get: operations["listHistorial"];
        put?: never;
        /**
         * Añadir un registro a mi historial
         * @description Añadir un registro a mi historial.
         *
         *     Roles: PACIENTE
         */
        post: operations["createHistorial"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/historial-clinico/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Un registro de mi historial
         * @description Un registro de mi historial.
         *
         *     Roles: PACIENTE
         */
        get: operations["getHistorial"];
        /**
         * Corregir un registro (HistorialCorregido; el contenido anterior queda en el registro de auditoría)
         * @description Corregir un registro (HistorialCorregido; el contenido anterior queda en el registro de auditoría).
         *
         *     Roles: PACIENTE
         */
        put: operations["updateHistorial"];
        post?: never;
        /**
         * Eliminar un registro (sale de las listas; el registro de auditoría lo conserva)
         * @description Eliminar un registro (sale de las listas; el registro de auditoría lo conserva).
         *
         *     Roles: PACIENTE
         */
        delete: operations["deleteHistorial"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/historial-clinico": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Historial clínico de uno de mis pacientes (acceso registrado)
         * @description Historial clínico de uno de mis pacientes (acceso registrado).
         *
         *     Roles: PSICOLOGO
         */
        get: operations["listHistorialPsicologo"];
        put?: never;
        /**
         * Añadir un registro al historial de uno de mis pacientes
         * @description Añadir un registro al historial de uno de mis pacientes.
         *
         *     Roles: PSICOLOGO
         */
        post: operations["createHistorialPsicologo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/historial-clinico/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Corregir un registro (HistorialCorregido; el contenido anterior queda en el registro de auditoría)
         * @description Corregir un registro (HistorialCorregido; el contenido anterior queda en el registro de auditoría).
         *
         *     Roles: PSICOLOGO
         */
        put: operations["updateHistorialPsicologo"];
        post?: never;
        /**
         * Eliminar un registro (sale de las listas; el registro de auditoría lo conserva)
         * @description Eliminar un registro (sale de las listas; el registro de auditoría lo conserva).
         *
         *     Roles: PSICOLOGO
         */
        delete: operations["deleteHistorialPsicologo"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/historial-clinico": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Todos los registros (acceso registrado)
         * @description Todos los registros (acceso registrado).
         *
         *     Roles: ADMIN
         */
        get: operations["listHistorialAdmin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/sesiones/{id}/firma": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Firmar una sesión que registré
         * @description Firma el registro como su autor (significado AUTOR), tras volver a introducir la contraseña. La firma guarda la huella del registro tal como está almacenado; desde entonces ningún DELETE ni corrección lo cambia (409): las correcciones son adendas firmadas. Solo el psicólogo que escribió el registro, de un paciente suyo, puede firmarlo.
         *
         *     Roles: PSICOLOGO
         */
        post: operations["signSesionPsicologo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/sesiones/{id}/adendas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Añadir una adenda firmada a una sesión firmada
         * @description Añade una adenda firmada (CORRECCION, ACLARACION o ANULACION) a un registro firmado, tras volver a introducir la contraseña. Solo la añade quien firmó el registro, mientras el paciente sea suyo; su referencia es la huella del registro y su firma.huella el HMAC-SHA-256 (base64) del JSON canónico (RFC 8785) de {tipo, texto, referencia} con la clave firma.claveHuella, que se guarda cifrada con el texto (huellaVersion 2). Tras una ANULACION el registro no admite más adendas (409).
         *
         *     Roles: PSICOLOGO
         */
        post: operations["addAdendaSesionPsicologo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/historial-clinico/{id}/firma": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Firmar un registro del historial que escribí
         * @description Firma el registro como su autor (significado AUTOR), tras volver a introducir la contraseña. La firma guarda la huella del registro tal como está almacenado; desde entonces ningún DELETE ni corrección lo cambia (409): las correcciones son adendas firmadas. Solo el psicólogo que escribió el registro, de un paciente suyo, puede firmarlo.
         *
         *     Roles: PSICOLOGO
         */
        post: operations["signHistorialPsicologo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/historial-clinico/{id}/adendas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Añadir una adenda firmada a un registro firmado del historial
         * @description Añade una adenda firmada (CORRECCION, ACLARACION o ANULACION) a un registro firmado, tras volver a introducir la contraseña. Solo la añade quien firmó el registro, mientras el paciente sea suyo; su referencia es la huella del registro y su firma.huella el HMAC-SHA-256 (base64) del JSON canónico (RFC 8785) de {tipo, texto, referencia} con la clave firma.claveHuella, que se guarda cifrada con el texto (huellaVersion 2). Tras una ANULACION el registro no admite más adendas (409).
         *
         *     Roles: PSICOLOGO
         */
        post: operations["addAdendaHistorialPsicologo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/diario-emocional": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mi diario emocional
         * @description Mi diario emocional.
         *
         *     Roles: PACIENTE
         */
        get: operations["listDiario"];
        put?: never;
        /**
         * Escribir una entrada (fecha = ahora, hora local de la consulta)
         * @description Escribir una entrada (fecha = ahora, hora local de la consulta).
         *
         *     Roles: PACIENTE
         */
        post: operations["createDiario"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/diario-emocional/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Una entrada de mi diario
         * @description Una entrada de mi diario.
         *
         *     Roles: PACIENTE
         */
        get: operations["getDiario"];
        put?: never;
        post?: never;
        /**
         * Eliminar una entrada de mi diario
         * @description Eliminar una entrada de mi diario.
         *
         *     Roles: PACIENTE
         */
        delete: operations["deleteDiario"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/diario-emocional": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Diario de uno de mis pacientes (acceso registrado)
         * @description Diario de uno de mis pacientes (acceso registrado).
         *
         *     Roles: PSICOLOGO
         */
        get: operations["listDiarioPsicologo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/diario-emocional": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Todas las entradas (acceso registrado)
         * @description Todas las entradas (acceso registrado).
         *
         *     Roles: ADMIN
         */
        get: operations["listDiarioAdmin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/instrumentos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Instrumentos de medida disponibles (PHQ-9, GAD-7...)
         * @description Instrumentos de medida disponibles (PHQ-9, GAD-7...).
         *
         *     Cualquier usuario autenticado.
         */
        get: operations["listInstrumentos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/instrumentos/{codigo}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Un instrumento: ítems, opciones, códigos LOINC, bandas y fuente
         * @description Un instrumento: ítems, opciones, códigos LOINC, bandas y fuente.
         *
         *     Cualquier usuario autenticado.
         */
        get: operations["getInstrumento"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cuestionarios/pendientes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mis cuestionarios por responder
         * @description Mis cuestionarios por responder.
         *
         *     Roles: PACIENTE
         */
        get: operations["listCuestionariosPendientes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cuestionarios/{codigo}/respuestas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Responder un cuestionario asignado (la puntuación la calcula el servidor; las respuestas no se modifican)
         * @description Responder un cuestionario asignado (la puntuación la calcula el servidor; las respuestas no se modifican).
         *
         *     Roles: PACIENTE
         */
        post: operations["createRespuestaCuestionario"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cuestionarios/respuestas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mis respuestas, por idRespuesta
         * @description Mis respuestas, por idRespuesta.
         *
         *     Roles: PACIENTE
         */
        get: operations["listMisRespuestasCuestionario"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cuestionarios/puntuaciones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mis puntuaciones de un instrumento a lo largo del tiempo
         * @description Mis puntuaciones de un instrumento a lo largo del tiempo.
         *
         *     Roles: PACIENTE
         */
        get: operations["getMisPuntuaciones"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/cuestionarios/asignaciones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Asignaciones de uno de mis pacientes
         * @description Asignaciones de uno de mis pacientes.
         *
         *     Roles: PSICOLOGO
         */
        get: operations["listAsignacionesCuestionario"];
        put?: never;
        /**
         * Asignar un instrumento a uno de mis pacientes (una vez, cada N semanas o antes de cada cita); se le avisa por correo y push
         * @description Asignar un instrumento a uno de mis pacientes (una vez, cada N semanas o antes de cada cita); se le avisa por correo y push.
         *
         *     Roles: PSICOLOGO
         */
        post: operations["createAsignacionCuestionario"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/cuestionarios/asignaciones/{id}/finalizacion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finalizar una asignación: no más solicitudes; las pendientes se retiran (queda registrada)
         * @description Finalizar una asignación: no más solicitudes; las pendientes se retiran (queda registrada).
         *
         *     Roles: PSICOLOGO
         */
        post: operations["finalizarAsignacionCuestionario"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/cuestionarios/puntuaciones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Puntuaciones de uno de mis pacientes en un instrumento (acceso registrado)
         * @description Puntuaciones de uno de mis pacientes en un instrumento (acceso registrado).
         *
         *     Roles: PSICOLOGO
         */
        get: operations["getPuntuacionesPaciente"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/cuestionarios/puntuaciones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Puntuaciones de un paciente en un instrumento (acceso registrado; 404 paciente desconocido)
         * @description Puntuaciones de un paciente en un instrumento (acceso registrado; 404 paciente desconocido).
         *
         *     Roles: ADMIN
         */
        get: operations["getPuntuacionesPacienteAdmin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/cuestionarios/resumen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Últimas puntuaciones de mis pacientes, con el cambio fiable desde la primera y las alertas abiertas (acceso registrado)
         * @description Últimas puntuaciones de mis pacientes, con el cambio fiable desde la primera y las alertas abiertas (acceso registrado).
         *
         *     Roles: PSICOLOGO
         */
        get: operations["getResumenCuestionarios"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/alertas-seguridad": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mis alertas de seguridad sin reconocer (PHQ-9 ítem 9 >= 1)
         * @description Mis alertas de seguridad sin reconocer (PHQ-9 ítem 9 >= 1).
         *
         *     Roles: PSICOLOGO
         */
        get: operations["listAlertasSeguridad"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/alertas-seguridad/{id}/reconocimiento": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reconocer una alerta de seguridad (queda registrado quién y cuándo)
         * @description Reconocer una alerta de seguridad (queda registrado quién y cuándo).
         *
         *     Roles: PSICOLOGO
         */
        post: operations["reconocerAlertaSeguridad"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/consentimientos/documentos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Documentos de consentimiento: si se exigen antes de reservar y su versión vigente
         * @description Documentos de consentimiento: si se exigen antes de reservar y su versión vigente.
         *
         *     Cualquier usuario autenticado.
         */
        get: operations["listDocumentosConsentimiento"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/consentimientos/documento": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Una versión de un documento de consentimiento, con su texto (por defecto la vigente)
         * @description Una versión de un documento de consentimiento, con su texto (por defecto la vigente).
         *
         *     Cualquier usuario autenticado.
         */
        get: operations["getDocumentoConsentimiento"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/consentimientos/documentos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publicar una nueva versión de un documento de consentimiento (la versión y el SHA-256 los pone el servidor)
         * @description Cada publicación de un tipo es su versión siguiente y pasa a ser la vigente. Si el tipo se exige, la próxima reserva de cada paciente pide firmar la nueva versión; las citas ya reservadas se quedan.
         *
         *     Roles: ADMIN
         */
        post: operations["publishDocumentoConsentimiento"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/consentimientos/requeridos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Qué documentos hay que firmar antes de reservar una cita (por defecto ninguno)
         * @description Qué documentos hay que firmar antes de reservar una cita (por defecto ninguno).
         *
         *     Roles: ADMIN
         */
        put: operations["setConsentimientosRequeridos"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/consentimientos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mis consentimientos firmados (también los retirados y sustituidos), por número
         * @description Mis consentimientos firmados (también los retirados y sustituidos), por número.
         *
         *     Roles: PACIENTE
         */
        get: operations["listConsentimientos"];
        put?: never;
        /**
         * Firmar la versión vigente de un documento (significado ACEPTA), tras volver a introducir la contraseña
         * @description La firma guarda el SHA-256 de la versión firmada, la hora y su significado (ACEPTA).
         *
         *     Roles: PACIENTE
         */
        post: operations["signConsentimiento"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/consentimientos/retiradas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retirar mi consentimiento de un tipo de documento, tras volver a introducir la contraseña
         * @description Se registra como un hecho más (la firma no se borra: queda RETIRADO, con la hora). Retirar ONLINE avisa al psicólogo de cada cita ONLINE futura. Si el tipo se exige, no podrá reservar hasta volver a firmar; las citas ya reservadas se quedan.
         *
         *     Roles: PACIENTE
         */
        post: operations["withdrawConsentimiento"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/consentimientos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Los consentimientos de uno de mis pacientes
         * @description Los consentimientos de uno de mis pacientes.
         *
         *     Roles: PSICOLOGO
         */
        get: operations["listConsentimientosPsicologo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/auditoria/pacientes/{idPaciente}/consentimientos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Qué había firmado un paciente en un instante (en; por defecto ahora), reconstruido desde los eventos
         * @description Por tipo: si se exigía, la versión vigente entonces, la última firma del paciente hasta entonces (con su retirada, si la hubo) y si tenía firmada la vigente.
         *
         *     Roles: ADMIN, AUDITOR
         */
        get: operations["getAuditoriaConsentimientos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/progreso-emocional": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mi progreso emocional
         * @description Mi progreso emocional.
         *
         *     Roles: PACIENTE
         */
        get: operations["listProgreso"];
        put?: never;
        /**
         * Registrar mis niveles de un día (no futuro en la zona de la consulta)
         * @description Registrar mis niveles de un día (no futuro en la zona de la consulta).
         *
         *     Roles: PACIENTE
         */
        post: operations["createProgreso"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/progreso-emocional/resumen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Medias semanales de mi progreso entre desde y hasta
         * @description Medias semanales de mi progreso entre desde y hasta.
         *
         *     Roles: PACIENTE
         */
        get: operations["getProgresoResumen"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/progreso-emocional": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Progreso de uno de mis pacientes (acceso registrado)
         * @description Progreso de uno de mis pacientes (acceso registrado).
         *
         *     Roles: PSICOLOGO
         */
        get: operations["listProgresoPsicologo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/progreso-emocional/resumen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Medias semanales de uno de mis pacientes, para gráficas (acceso registrado)
         * @description Medias semanales de uno de mis pacientes, para gráficas (acceso registrado).
         *
         *     Roles: PSICOLOGO
         */
        get: operations["getProgresoResumenPsicologo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/progreso-emocional": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Todos los registros (acceso registrado)
         * @description Todos los registros (acceso registrado).
         *
         *     Roles: ADMIN
         */
        get: operations["listProgresoAdmin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pacientes/{id}/graficos/diario": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Gráfica de la intensidad del diario emocional a lo largo del tiempo (SVG o PNG)
         * @description El propio paciente, su psicólogo o un administrador (acceso registrado salvo el del propio paciente); el paciente de otro psicólogo es 404.
         *
         *     Roles: ADMIN, PSICOLOGO, PACIENTE
         */
        get: operations["getGraficoDiario"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pacientes/{id}/graficos/progreso": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Gráfica de los niveles de estrés, ansiedad y ánimo a lo largo del tiempo (SVG o PNG)
         * @description El propio paciente, su psicólogo o un administrador (acceso registrado salvo el del propio paciente); el paciente de otro psicólogo es 404.
         *
         *     Roles: ADMIN, PSICOLOGO, PACIENTE
         */
        get: operations["getGraficoProgreso"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pacientes/{id}/graficos/puntuaciones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Gráfica de las puntuaciones de un instrumento (PHQ-9, GAD-7) con sus bandas de gravedad y las alertas de seguridad marcadas (SVG o PNG)
         * @description El propio paciente, su psicólogo o un administrador (acceso registrado salvo el del propio paciente); el paciente de otro psicólogo es 404. Instrumento desconocido: 404.
         *
         *     Roles: ADMIN, PSICOLOGO, PACIENTE
         */
        get: operations["getGraficoPuntuaciones"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/auditoria/pacientes/{idPaciente}/eventos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Eventos del expediente clínico de un paciente, sus mensajes y los motivos de sus citas, en orden del registro, hasta asOf (hora local; opcional)
         * @description Eventos del expediente clínico de un paciente, sus mensajes y los motivos de sus citas, en orden del registro, hasta asOf (hora local; opcional).
         *
         *     Roles: ADMIN, AUDITOR
         */
        get: operations["listAuditoriaEventos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/auditoria/pacientes/{idPaciente}/historial-clinico": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * El historial clínico tal como estaba en asOf (hora local; por defecto ahora), reconstruido desde los eventos
         * @description El historial clínico tal como estaba en asOf (hora local; por defecto ahora), reconstruido desde los eventos.
         *
         *     Roles: ADMIN, AUDITOR
         */
        get: operations["getAuditoriaHistorial"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/auditoria/accesos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Lecturas del expediente clínico por psicólogos, administradores y auditores (de un paciente, o todas)
         * @description Lecturas del expediente clínico por psicólogos, administradores y auditores (de un paciente, o todas).
         *
         *     Roles: ADMIN, AUDITOR
         */
        get: operations["listAuditoriaAccesos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit/v1/checkpoint": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * El último checkpoint firmado (nota firmada c2sp.org/tlog-checkpoint: origen, tamaño del árbol y raíz)
         * @description El último checkpoint firmado (nota firmada c2sp.org/tlog-checkpoint: origen, tamaño del árbol y raíz).
         *
         *     Roles: ADMIN, AUDITOR
         */
        get: operations["getAuditCheckpoint"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit/v1/key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * La clave de verificación del registro, en el formato de clave de verificación de las notas firmadas (nombre+id+base64)
         * @description La clave de verificación del registro, en el formato de clave de verificación de las notas firmadas (nombre+id+base64).
         *
         *     Roles: ADMIN, AUDITOR
         */
        get: operations["getAuditKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit/v1/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Todas las claves que han firmado checkpoints (rotaciones incluidas), una por línea, la actual la última
         * @description Todas las claves que han firmado checkpoints (rotaciones incluidas), una por línea, la actual la última.
         *
         *     Roles: ADMIN, AUDITOR
         */
        get: operations["listAuditKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit/v1/proof/inclusion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prueba de inclusión del evento en el árbol de treeSize hojas (por defecto, el del último checkpoint firmado)
         * @description Prueba de inclusión del evento en el árbol de treeSize hojas (por defecto, el del último checkpoint firmado).
         *
         *     Roles: ADMIN, AUDITOR
         */
        get: operations["getAuditInclusionProof"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit/v1/proof/consistency": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prueba de consistencia entre el árbol de from hojas y el de to hojas (from ≤ to)
         * @description Prueba de consistencia entre el árbol de from hojas y el de to hojas (from ≤ to).
         *
         *     Roles: ADMIN, AUDITOR
         */
        get: operations["getAuditConsistencyProof"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mensajes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mis conversaciones (enviados y recibidos)
         * @description Mis conversaciones (enviados y recibidos).
         *
         *     Roles: PACIENTE
         */
        get: operations["listMensajes"];
        put?: never;
        /**
         * Enviar un mensaje
         * @description Enviar un mensaje.
         *
         *     Roles: PACIENTE
         */
        post: operations["sendMensaje"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mensajes/{id}/leido": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Marcar como leído un mensaje recibido
         * @description Marcar como leído un mensaje recibido.
         *
         *     Roles: PACIENTE
         */
        put: operations["markMensajeLeido"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/mensajes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mis conversaciones (enviados y recibidos)
         * @description Mis conversaciones (enviados y recibidos).
         *
         *     Roles: PSICOLOGO
         */
        get: operations["listMensajesPsicologo"];
        put?: never;
        /**
         * Enviar un mensaje
         * @description Enviar un mensaje.
         *
         *     Roles: PSICOLOGO
         */
        post: operations["sendMensajePsicologo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologo/mensajes/{id}/leido": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Marcar como leído un mensaje recibido
         * @description Marcar como leído un mensaje recibido.
         *
         *     Roles: PSICOLOGO
         */
        put: operations["markMensajeLeidoPsicologo"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/mensajes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Todos los mensajes
         * @description Todos los mensajes.
         *
         *     Roles: ADMIN
         */
        get: operations["listMensajesAdmin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/mensajes/{id}/leido": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Marcar como leído un mensaje recibido
         * @description Marcar como leído un mensaje recibido.
         *
         *     Roles: ADMIN
         */
        put: operations["markMensajeLeidoAdmin"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/psicologos/directorio": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Directorio de psicólogos para elegir con quién pedir cita
         * @description Psicólogos activos con perfil, por idPsicologo: datos profesionales, nombre y foto; nunca el correo ni la licencia. El idPsicologo es el que pide POST /api/citas.
         *
         *     Cualquier usuario autenticado.
         */
        get: operations["listDirectorioPsicologos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/calendario/feed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Crear o renovar mi URL secreta de calendario (iCalendar)
         * @description Devuelve una URL nueva con un secreto aleatorio para suscribirse desde una app de calendario; la anterior deja de funcionar. Solo se guarda el hash del secreto: la URL no se puede volver a consultar.
         *
         *     Cualquier usuario autenticado.
         */
        post: operations["createFeedCalendario"];
        /**
         * Revocar mi URL de calendario
         * @description La URL deja de responder (404). 404 si no había ninguna.
         *
         *     Cualquier usuario autenticado.
         */
        delete: operations["deleteFeedCalendario"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/calendario/{secreto}.ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Feed iCalendar (RFC 5545) de mis citas
         * @description Para apps de calendario, sin token: el secreto de la URL es la credencial. Citas desde hace un año, en UTC; sin motivo, notas ni nombres. Paciente: las suyas; psicólogo: las de su consulta; administrador: ninguna.
         *
         *     Acceso público, sin token.
         */
        get: operations["getFeedCalendario"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/clientes-fhir": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Clientes FHIR registrados
         * @description Todos, también los revocados (activo false), por idCliente.
         *
         *     Roles: ADMIN
         */
        get: operations["listClientesFhir"];
        put?: never;
        /**
         * Registrar un cliente FHIR (SMART Backend Services)
         * @description Registra un sistema (p. ej. la exportación de una historia clínica electrónica) con su JWK Set público. El cliente pide tokens en tokenUrl con client_credentials y una aserción JWT firmada (ES384 o RS384) con iss = sub = clientId.
         *
         *     Roles: ADMIN
         */
        post: operations["createClienteFhir"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/clientes-fhir/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revocar un cliente FHIR
         * @description Sus tokens dejan de valer en el acto y no puede pedir otros. 404 si no existe o ya estaba revocado.
         *
         *     Roles: ADMIN
         */
        delete: operations["deleteClienteFhir"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/accesos-expediente": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Quién ha leído mi expediente clínico (REST y FHIR)
         * @description Cada lectura del historial, diario o progreso por el personal, y cada lectura, búsqueda o exportación FHIR que devolvió datos del paciente: quién (usuario o cliente FHIR), qué recurso, cuándo y por qué ruta; nunca la consulta ni el contenido.
         *
         *     Roles: PACIENTE
         */
        get: operations["listMisAccesos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Cuerpo de toda respuesta de error, en el idioma de Accept-Language (es por defecto, en) */
        Error: {
            /** @description Qué falló, legible por una persona */
            mensaje: string;
            /**
             * @description Momento del error, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            timestamp: string;
            /**
             * Format: int32
             * @description Código de estado HTTP, el mismo de la respuesta
             */
            status: number;
            /** @description Nombre del estado HTTP (p. ej. Bad Request) */
            error: string;
        };
        Credenciales: {
            /**
             * @description Correo electrónico (se compara sin distinguir mayúsculas)
             * @example ana.garcia@example.com
             */
            email: string;
            /** @description Contraseña en claro (solo viaja por HTTPS; se guarda su hash bcrypt) */
            password: string;
        };
        LoginRespuesta: {
            /**
             * Format: int32
             * @description Identificador del usuario
             */
            idUsuario: number;
            /** @description Nombre */
            nombre: string;
            /**
             * @description Rol del usuario: ADMIN, PSICOLOGO, PACIENTE o AUDITOR
             * @enum {string}
             */
            rol: "ADMIN" | "PSICOLOGO" | "PACIENTE" | "AUDITOR";
            /** @description Token (JWT de sesión o token push, según el recurso) */
            token: string;
            /**
             * Format: int32
             * @description Identificador del psicólogo
             */
            idPsicologo: number | null;
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number | null;
        };
        RegistroPaciente: {
            /** @description Datos de la cuenta de usuario */
            usuario: {
                /**
                 * @description Nombre
                 * @example Ana
                 */
                nombre: string;
                /**
                 * @description Apellidos
                 * @example García López
                 */
                apellido: string;
                /**
                 * @description Correo electrónico (se compara sin distinguir mayúsculas)
                 * @example ana.garcia@example.com
                 */
                email: string;
                /**
                 * @description Contraseña en claro (solo viaja por HTTPS; se guarda su hash bcrypt)
                 * @example secreto123
                 */
                password: string;
                /** @description Documento de identidad */
                dni?: string | null;
            };
            /**
             * Format: date
             * @description Fecha de nacimiento (AAAA-MM-DD)
             * @example 2026-03-14
             */
            fechaNacimiento: string;
            /** @description Género, texto libre */
            genero?: string | null;
            /**
             * @description Teléfono: dígitos, espacios, +, ( ) y -
             * @example +34 600 123 456
             */
            telefono?: string | null;
            /** @description Direcciones postales del paciente (hasta 10) */
            direccion?: {
                /**
                 * @description Calle y número
                 * @example Calle Mayor 1, 2º B
                 */
                calle: string;
                /** @description Ciudad */
                ciudad?: string;
                /** @description Provincia */
                provincia?: string;
                /**
                 * @description Código postal: en España cinco dígitos (01–52 al principio); en otro país de 3 a 10 letras, dígitos, espacios o guiones
                 * @example 28001
                 */
                codigoPostal: string;
                /** @description País */
                pais?: string;
                /** @description Descripción en texto libre */
                descripcion?: string | null;
            }[];
            /**
             * @description Método de pago: PRESENCIAL u ONLINE
             * @enum {string|null}
             */
            metodoPago?: "PRESENCIAL" | "ONLINE" | null;
            /**
             * @description Acepta los términos del servicio (obligatorio: true)
             * @constant
             */
            aceptaTerminos: true;
            /** @description Acepta sesiones por videoconferencia */
            aceptaVideoconferencia?: boolean;
            /** @description Acepta recibir comunicaciones */
            aceptaComunicacion?: boolean;
        };
        RegistroAdmin: {
            /**
             * @description Nombre
             * @example Ana
             */
            nombre: string;
            /**
             * @description Apellidos
             * @example García López
             */
            apellido: string;
            /**
             * @description Correo electrónico (se compara sin distinguir mayúsculas)
             * @example ana.garcia@example.com
             */
            email: string;
            /**
             * @description Contraseña en claro (solo viaja por HTTPS; se guarda su hash bcrypt)
             * @example secreto123
             */
            password: string;
        };
        RegistroPsicologo: {
            /**
             * @description Nombre
             * @example Ana
             */
            nombre: string;
            /**
             * @description Apellidos
             * @example García López
             */
            apellido: string;
            /**
             * @description Correo electrónico (se compara sin distinguir mayúsculas)
             * @example ana.garcia@example.com
             */
            email: string;
            /**
             * @description Contraseña en claro (solo viaja por HTTPS; se guarda su hash bcrypt)
             * @example secreto123
             */
            password: string;
            /** @description Especialidad clínica */
            especialidad?: string | null;
            /**
             * Format: int32
             * @description Años de experiencia (0 a 80)
             */
            experiencia: number;
            /** @description Descripción en texto libre */
            descripcion?: string | null;
            /** @description Número de colegiado o licencia */
            licencia?: string | null;
        };
        Administrador: {
            /**
             * Format: int32
             * @description Identificador del usuario
             */
            idUsuario?: number;
            /** @description Nombre */
            nombre?: string;
            /** @description Apellidos */
            apellido?: string;
            /** @description Correo electrónico (se compara sin distinguir mayúsculas) */
            email?: string;
            /** @description Rol del usuario: ADMIN, PSICOLOGO, PACIENTE o AUDITOR */
            rol?: string;
            /** @description Si está activo (los inactivos no pueden iniciar sesión o no aparecen en el catálogo público) */
            activo?: boolean;
        };
        Auditor: {
            /**
             * Format: int32
             * @description Identificador del usuario
             */
            idUsuario?: number;
            /** @description Nombre */
            nombre?: string;
            /** @description Apellidos */
            apellido?: string;
            /** @description Correo electrónico (se compara sin distinguir mayúsculas) */
            email?: string;
            /** @description Rol del usuario: ADMIN, PSICOLOGO, PACIENTE o AUDITOR */
            rol?: string;
            /** @description Si está activo (los inactivos no pueden iniciar sesión o no aparecen en el catálogo público) */
            activo?: boolean;
        };
        Paciente: {
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /**
             * Format: int32
             * @description Identificador del usuario
             */
            idUsuario: number;
            /** @description Nombre */
            nombre: string;
            /** @description Apellidos */
            apellido: string;
            /** @description Correo electrónico (se compara sin distinguir mayúsculas) */
            email: string;
            /**
             * Format: int32
             * @description Identificador del psicólogo
             */
            idPsicologo: number | null;
            /**
             * Format: date
             * @description Fecha de nacimiento (AAAA-MM-DD)
             * @example 2026-03-14
             */
            fechaNacimiento: string;
            /** @description Género, texto libre */
            genero: string | null;
            /** @description Teléfono: dígitos, espacios, +, ( ) y - */
            telefono: string | null;
            /**
             * @description Método de pago: PRESENCIAL u ONLINE
             * @enum {string|null}
             */
            metodoPago: "PRESENCIAL" | "ONLINE" | null;
            /**
             * @description Estado del pago del paciente
             * @enum {string}
             */
            estadoPago: "PENDIENTE" | "PAGADO" | "FALLIDO" | "REEMBOLSADO";
        };
        PacienteCrear: {
            /**
             * Format: int32
             * @description Identificador del usuario
             */
            idUsuario: number;
            /**
             * Format: int32
             * @description Identificador del psicólogo
             */
            idPsicologo: number;
            /**
             * Format: date
             * @description Fecha de nacimiento (AAAA-MM-DD)
             * @example 2026-03-14
             */
            fechaNacimiento: string;
            /** @description Género, texto libre */
            genero?: string | null;
            /**
             * @description Teléfono: dígitos, espacios, +, ( ) y -
             * @example +34 600 123 456
             */
            telefono?: string | null;
            /**
             * @description Método de pago: PRESENCIAL u ONLINE
             * @enum {string|null}
             */
            metodoPago?: "PRESENCIAL" | "ONLINE" | null;
            /**
             * @description Estado del pago del paciente
             * @enum {string}
             */
            estadoPago?: "PENDIENTE" | "PAGADO" | "FALLIDO" | "REEMBOLSADO";
        };
        PacienteCambio: {
            /**
             * Format: int32
             * @description Identificador del psicólogo
             */
            idPsicologo?: number;
            /**
             * Format: date
             * @description Fecha de nacimiento (AAAA-MM-DD)
             * @example 2026-03-14
             */
            fechaNacimiento?: string;
            /** @description Género, texto libre */
            genero?: string | null;
            /**
             * @description Teléfono: dígitos, espacios, +, ( ) y -
             * @example +34 600 123 456
             */
            telefono?: string | null;
            /**
             * @description Método de pago: PRESENCIAL u ONLINE
             * @enum {string|null}
             */
            metodoPago?: "PRESENCIAL" | "ONLINE" | null;
            /**
             * @description Estado del pago del paciente
             * @enum {string}
             */
            estadoPago?: "PENDIENTE" | "PAGADO" | "FALLIDO" | "REEMBOLSADO";
        };
        ExportacionPaciente: {
            /**
             * @description Momento de la exportación, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            generadoEn?: string;
            /** @description Datos de la cuenta de usuario */
            usuario?: Record<string, never>;
            /** @description Perfil del paciente */
            paciente?: Record<string, never>;
            /** @description Direcciones */
            direcciones?: Record<string, never>[];
            /** @description Ajustes */
            ajustes?: Record<string, never>[];
            /** @description Dispositivos */
            dispositivos?: Record<string, never>[];
            /** @description Citas */
            citas?: Record<string, never>[];
            /** @description Sesiones */
            sesiones?: Record<string, never>[];
            /** @description Registros del historial clínico */
            historialClinico?: Record<string, never>[];
            /** @description Entradas del diario emocional */
            diarioEmocional?: Record<string, never>[];
            /** @description Registros de progreso emocional */
            progresoEmocional?: Record<string, never>[];
            /** @description Mensajes */
            mensajes?: Record<string, never>[];
            /** @description Consentimientos informados firmados (también retirados y sustituidos) */
            consentimientos?: Record<string, never>[];
            cuestionarios?: Record<string, never>[];
            /** @description Eventos del registro que conciernen al paciente */
            eventos?: {
                /** @description Flujo de eventos al que pertenece */
                stream?: string;
                /** @description Tipo de evento */
                type?: string;
                /**
                 * @description Momento del evento, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
                 * @example 2026-03-14T10:30:00
                 */
                occurredAt?: string;
                /** @description Datos del evento (los borrados aparecen como null) */
                data?: Record<string, never>;
            }[];
        };
        AsignacionPsicologo: {
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /**
             * Format: int32
             * @description Identificador del psicólogo
             */
            idPsicologo: number;
        };
        IntervaloLaboral: {
            /**
             * @description Hora de inicio (HH:mm, hora local)
             * @example 09:00
             */
            horaInicio: string;
            /**
             * @description Hora de fin (HH:mm, hora local)
             * @example 14:00
             */
            horaFin: string;
        };
        DiaLaboral: {
            /**
             * Format: int32
             * @description 1 = lunes … 7 = domingo
             */
            dia: number;
            intervalos: components["schemas"]["IntervaloLaboral"][];
        };
        HorarioLaboralDefinir: {
            /**
             * Format: date
             * @example 2026-03-14
             */
            desde: string;
            /**
             * Format: date
             * @example 2026-03-14
             */
            hasta?: string | null;
            dias: components["schemas"]["DiaLaboral"][];
        };
        HorarioLaboral: {
            /**
             * Format: int32
             * @description Identificador del psicólogo
             */
            idPsicologo: number;
            /**
             * Format: date
             * @example 2026-03-14
             */
            desde: string;
            /**
             * Format: date
             * @example 2026-03-14
             */
            hasta: string | null;
            dias: components["schemas"]["DiaLaboral"][];
        };
        HuecoLibre: {
            /**
             * @description Inicio de la cita, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            startDatetime: string;
            /**
             * @description Fin de la cita, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            endDatetime: string;
        };
        SalaCita: {
            /**
             * @description Enlace para entrar en la videollamada, con el token JWT de esta persona (?jwt=…): es una credencial, no compartir
             * @example https://meet.example.com/3f2a…?jwt=eyJ…
             */
            url: string;
            /**
             * @description Desde cuándo se puede entrar (hora local de la consulta): JITSI_OPEN_MINUTES_BEFORE antes del inicio, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            abreEn: string;
            /**
             * @description Hasta cuándo (hora local de la consulta): el fin de la cita; el token caduca entonces, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            cierraEn: string;
            /** @description true para el psicólogo (moderador de la sala) */
            moderador: boolean;
        };
        ModalidadesPsicologo: {
            /** @description PRESENCIAL, ONLINE o las dos (por defecto, las dos) */
            modalidades: ("PRESENCIAL" | "ONLINE")[];
        };
        Psicologo: {
            /**
             * Format: int32
             * @description Identificador del psicólogo
             */
            idPsicologo: number;
            /** @description Especialidad clínica */
            especialidad: string | null;
            /**
             * Format: int32
             * @description Años de experiencia (0 a 80)
             */
            experiencia: number;
            /** @description Descripción en texto libre */
            descripcion: string | null;
            /** @description Número de colegiado o licencia */
            licencia: string | null;
            /**
             * Format: int32
             * @description Identificador del usuario
             */
            idUsuario: number;
            /** @description Nombre */
            nombre: string;
            /** @description Apellidos */
            apellido: string;
            /** @description Correo electrónico (se compara sin distinguir mayúsculas) */
            email: string;
        };
        PsicologoCrear: {
            /**
             * Format: int32
             * @description Identificador del usuario
             */
            idUsuario: number;
            /** @description Especialidad clínica */
            especialidad?: string | null;
            /**
             * Format: int32
             * @description Años de experiencia (0 a 80)
             */
            experiencia: number;
            /** @description Descripción en texto libre */
            descripcion?: string | null;
            /** @description Número de colegiado o licencia */
            licencia?: string | null;
        };
        PsicologoPerfil: {
            /**
             * Format: int32
             * @description Identificador del psicólogo
             */
            idPsicologo: number;
            /** @description Especialidad clínica */
            especialidad: string | null;
            /**
             * Format: int32
             * @description Años de experiencia (0 a 80)
             */
            experiencia: number;
            /** @description Descripción en texto libre */
            descripcion: string | null;
            /** @description Número de colegiado o licencia */
            licencia: string | null;
            /**
             * Format: int32
             * @description Identificador del usuario
             */
            idUsuario: number;
            /** @description Nombre */
            nombre: string;
            /** @description Apellidos */
            apellido: string;
            /** @description Correo electrónico (se compara sin distinguir mayúsculas) */
            email: string;
            /** @description Ruta de la foto de perfil (GET /files/{name}); null si no hay foto */
            fotoPerfilUrl: string | null;
        };
        PacienteDePsicologo: {
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /**
             * Format: int32
             * @description Identificador del usuario
             */
            idUsuario: number;
            /** @description Nombre */
            nombre: string;
            /** @description Apellidos */
            apellido: string;
            /** @description Correo electrónico (se compara sin distinguir mayúsculas) */
            email: string;
            /** @description Fecha de nacimiento (AAAA-MM-DD) */
            fechaNacimiento: string | null;
            /** @description Género, texto libre */
            genero: string | null;
            /** @description Teléfono: dígitos, espacios, +, ( ) y - */
            telefono: string | null;
            /** @description Método de pago: PRESENCIAL u ONLINE */
            metodoPago: string | null;
            /** @description Estado del pago del paciente */
            estadoPago: string;
            /** @description Tiene una alerta de seguridad sin reconocer (docs/care.md) */
            alertaSeguridad: boolean;
        };
        PsicologoPublico: {
            /**
             * Format: int32
             * @description Identificador del psicólogo
             */
            idPsicologo: number;
            /** @description Especialidad clínica */
            especialidad: string | null;
            /**
             * Format: int32
             * @description Años de experiencia (0 a 80)
             */
            experiencia: number;
            /** @description Descripción en texto libre */
            descripcion: string | null;
            /** @description Número de colegiado o licencia */
            licencia: string | null;
            /** @description Nombre */
            nombre: string;
            /** @description Apellidos */
            apellido: string;
            /** @description Ruta de la foto de perfil (GET /files/{name}); null si no hay foto */
            fotoPerfilUrl: string | null;
        };
        PsicologoCambio: {
            /** @description Especialidad clínica */
            especialidad?: string | null;
            /**
             * Format: int32
             * @description Años de experiencia (0 a 80)
             */
            experiencia?: number;
            /** @description Descripción en texto libre */
            descripcion?: string | null;
            /** @description Número de colegiado o licencia */
            licencia?: string | null;
        };
        FotoPerfilSubida: {
            /**
             * Format: binary
             * @description La imagen: JPEG, PNG o WebP, máximo 5 MiB
             */
            file: string;
        };
        PsicologoResumen: {
            /**
             * Format: int32
             * @description Identificador del psicólogo
             */
            idPsicologo: number;
            /**
             * Format: int32
             * @description Identificador del usuario
             */
            idUsuario: number;
            /** @description Nombre */
            nombre: string;
            /** @description Apellidos */
            apellido: string;
            /** @description Correo electrónico (se compara sin distinguir mayúsculas) */
            email: string;
            /** @description Especialidad clínica */
            especialidad: string | null;
        };
        PsicologoConPacientes: {
            /**
             * Format: int32
             * @description Identificador del psicólogo
             */
            idPsicologo: number;
            /** @description Nombre completo del psicólogo */
            nombrePsicologo: string;
            /** @description Pacientes asignados */
            pacientes: {
                /**
                 * Format: int32
                 * @description Identificador del paciente
                 */
                idPaciente: number;
                /** @description Nombre completo del paciente */
                nombrePaciente: string;
                /** @description Correo electrónico (se compara sin distinguir mayúsculas) */
                email: string;
            }[];
        };
        Direccion: {
            /**
             * Format: int32
             * @description Identificador de la dirección
             */
            idDireccion: number;
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /** @description Calle y número */
            calle: string;
            /** @description Ciudad */
            ciudad: string | null;
            /** @description Provincia */
            provincia: string | null;
            /** @description Código postal: en España cinco dígitos (01–52 al principio); en otro país de 3 a 10 letras, dígitos, espacios o guiones */
            codigoPostal: string | null;
            /** @description País */
            pais: string | null;
            /** @description Descripción en texto libre */
            descripcion: string | null;
        };
        DireccionCrear: {
            /**
             * @description Calle y número
             * @example Calle Mayor 1, 2º B
             */
            calle: string;
            /** @description Ciudad */
            ciudad?: string | null;
            /** @description Provincia */
            provincia?: string | null;
            /**
             * @description Código postal: en España cinco dígitos (01–52 al principio); en otro país de 3 a 10 letras, dígitos, espacios o guiones
             * @example 28001
             */
            codigoPostal: string;
            /** @description País */
            pais?: string | null;
            /** @description Descripción en texto libre */
            descripcion?: string | null;
        };
        Situacion: {
            /**
             * Format: int32
             * @description Identificador de la situación
             */
            idSituacion: number;
            /** @description Nombre */
            nombre: string;
            /**
             * @description Categoría de la situación
             * @enum {string}
             */
            categoria: "Emocional" | "Trastorno" | "Relacional" | "Laboral";
            /** @description Descripción en texto libre */
            descripcion: string | null;
            /** @description Si está activo (los inactivos no pueden iniciar sesión o no aparecen en el catálogo público) */
            activo: boolean;
        };
        SituacionDatos: {
            /**
             * @description Nombre
             * @example Ana
             */
            nombre: string;
            /**
             * @description Categoría de la situación
             * @enum {string}
             */
            categoria: "Emocional" | "Trastorno" | "Relacional" | "Laboral";
            /** @description Descripción en texto libre */
            descripcion?: string | null;
            /** @description Si está activo (los inactivos no pueden iniciar sesión o no aparecen en el catálogo público) */
            activo?: boolean;
        };
        Servicio: {
            /**
             * Format: int32
             * @description Identificador del servicio
             */
            idServicio: number;
            /** @description Nombre del servicio */
            nombre: string;
            /**
             * Format: int32
             * @description Precio antes de IVA, en céntimos de euro (entero)
             * @example 6000
             */
            precioCentimos: number;
            /**
             * Format: int32
             * @description Duración de cita (minutos) de la que este es el servicio por defecto; null: solo se elige por su id
             * @example 50
             */
            duracionMinutos: number | null;
            /**
             * Format: int32
             * @description IVA: EXENTO (psicoterapia por profesional sanitario, art. 20.Uno.3º Ley 37/1992; por defecto) o el tipo en porcentaje (21, 10 o 4)
             * @example EXENTO
             * @enum {string|integer}
             */
            iva: "EXENTO" | 21 | 10 | 4;
            /** @description Si está activo (los inactivos no pueden iniciar sesión o no aparecen en el catálogo público) */
            activo: boolean;
        };
        ServicioDatos: {
            /**
             * @description Nombre del servicio, como lo leerá el paciente en su factura
             * @example Sesión individual
             */
            nombre: string;
            /**
             * Format: int32
             * @description Precio antes de IVA, en céntimos de euro (entero ≥ 0)
             * @example 6000
             */
            precioCentimos: number;
            /**
             * Format: int32
             * @description Duración de cita (minutos) de la que este es el servicio por defecto; null: solo se elige por su id
             * @example 50
             */
            duracionMinutos?: number | null;
            /**
             * Format: int32
             * @description IVA: EXENTO (psicoterapia por profesional sanitario, art. 20.Uno.3º Ley 37/1992; por defecto) o el tipo en porcentaje (21, 10 o 4)
             * @example EXENTO
             * @enum {string|integer}
             */
            iva?: "EXENTO" | 21 | 10 | 4;
            /** @description Si está activo (los inactivos no pueden iniciar sesión o no aparecen en el catálogo público) */
            activo?: boolean;
        };
        TarifaPsicologo: {
            /**
             * Format: int32
             * @description Identificador del psicólogo
             */
            idPsicologo: number;
            /**
             * Format: int32
             * @description Identificador del servicio
             */
            idServicio: number;
            /**
             * Format: int32
             * @description Precio propio del psicólogo para el servicio, antes de IVA, en céntimos
             * @example 6000
             */
            precioCentimos: number;
        };
        TarifaPsicologoDatos: {
            /**
             * Format: int32
             * @description Precio propio del psicólogo para el servicio, antes de IVA, en céntimos (entero ≥ 0)
             * @example 6000
             */
            precioCentimos: number;
        };
        TarifaPaciente: {
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /**
             * Format: int32
             * @description Descuento en porcentaje (entero de 0 a 100) sobre el precio de cada sesión
             * @example 20
             */
            descuentoPorcentaje: number | null;
            /**
             * Format: int32
             * @description Precio fijo de cada sesión del paciente, antes de IVA, en céntimos (entero ≥ 0): sustituye al del servicio
             * @example 6000
             */
            precioFijoCentimos: number | null;
        };
        TarifaPacienteDatos: {
            /**
             * Format: int32
             * @description Descuento en porcentaje (entero de 0 a 100) sobre el precio de cada sesión
             * @example 20
             */
            descuentoPorcentaje?: number;
            /**
             * Format: int32
             * @description Precio fijo de cada sesión del paciente, antes de IVA, en céntimos (entero ≥ 0): sustituye al del servicio
             * @example 6000
             */
            precioFijoCentimos?: number;
        };
        PrecioSesion: {
            /**
             * Format: int32
             * @description Identificador del servicio
             */
            idServicio: number;
            /** @description Nombre del servicio */
            nombreServicio: string;
            /**
             * Format: int32
             * @description Duración del servicio en minutos
             */
            duracionMinutos: number | null;
            /**
             * Format: int32
             * @description IVA: EXENTO (psicoterapia por profesional sanitario, art. 20.Uno.3º Ley 37/1992; por defecto) o el tipo en porcentaje (21, 10 o 4)
             * @example EXENTO
             * @enum {string|integer}
             */
            iva: "EXENTO" | 21 | 10 | 4;
            /**
             * Format: int32
             * @description Precio del servicio para la consulta, en céntimos
             * @example 6000
             */
            precioServicioCentimos: number;
            /**
             * Format: int32
             * @description Precio propio del psicólogo para el servicio, si lo tiene
             * @example 6000
             */
            precioPsicologoCentimos: number | null;
            /**
             * Format: int32
             * @description Descuento en porcentaje (entero de 0 a 100) sobre el precio de cada sesión
             * @example 20
             */
            descuentoPorcentaje: number | null;
            /**
             * Format: int32
             * @description Precio fijo de cada sesión del paciente, antes de IVA, en céntimos (entero ≥ 0): sustituye al del servicio
             * @example 6000
             */
            precioFijoCentimos: number | null;
            /**
             * @description Qué regla fijó el precio final
             * @enum {string}
             */
            origen: "SERVICIO" | "TARIFA_PSICOLOGO" | "DESCUENTO_PACIENTE" | "PRECIO_FIJO_PACIENTE";
            /**
             * Format: int32
             * @description Precio final de la sesión antes de IVA (base imponible), en céntimos
             */
            precioCentimos: number;
            /**
             * Format: int32
             * @description Cuota de IVA en céntimos (0 si EXENTO), redondeada al céntimo
             */
            cuotaIvaCentimos: number;
            /**
             * Format: int32
             * @description Precio final más IVA, en céntimos
             */
            totalCentimos: number;
        };
        AjustesFacturacion: {
            /**
             * @description Quién emite las facturas: CONSULTA (la consulta, con sus datos) o PSICOLOGO (cada psicólogo como profesional independiente, con sus datos fiscales)
             * @enum {string}
             */
            emisorEs: "CONSULTA" | "PSICOLOGO";
            /** @description Datos de la consulta como emisor; null si no se han fijado */
            consulta: {
                /**
                 * @description Nombre o razón social
                 * @example Consulta Ejemplo S.L.
                 */
                nombreRazon: string;
                /**
                 * @description NIF o NIE, con su carácter de control (se comprueba)
                 * @example B12345674
                 */
                nif: string;
                /**
                 * @description Domicilio, una línea por elemento
                 * @example [
                 *       "Calle Mayor 1",
                 *       "28013 Madrid"
                 *     ]
                 */
                domicilio: string[];
            } | null;
            /**
             * @description Cómo se facturan los cargos: POR_CARGO (cada uno en su factura al registrarse) o MENSUAL (una factura por paciente y mes, POST /api/admin/facturas/mensuales; por defecto)
             * @enum {string}
             */
            facturarCargos: "POR_CARGO" | "MENSUAL";
        };
        DatosFiscales: {
            /**
             * @description Nombre o razón social
             * @example Consulta Ejemplo S.L.
             */
            nombreRazon: string;
            /**
             * @description NIF o NIE, con su carácter de control (se comprueba)
             * @example B12345674
             */
            nif: string;
            /**
             * @description Domicilio, una línea por elemento
             * @example [
             *       "Calle Mayor 1",
             *       "28013 Madrid"
             *     ]
             */
            domicilio: string[];
        };
        AjustesFacturacionDatos: {
            /** @enum {string} */
            emisorEs: "CONSULTA" | "PSICOLOGO";
            consulta?: components["schemas"]["DatosFiscales"];
            /**
             * @description Cómo se facturan los cargos: POR_CARGO (cada uno en su factura al registrarse) o MENSUAL (una factura por paciente y mes, POST /api/admin/facturas/mensuales; por defecto). Si se omite, se mantiene
             * @enum {string}
             */
            facturarCargos?: "POR_CARGO" | "MENSUAL";
        };
        LineaFacturaDatos: {
            /**
             * Format: int32
             * @description Servicio facturado: su nombre es la descripción y su precio lo resuelven las tarifas
             */
            idServicio?: number;
            /**
             * Format: int32
             * @description Unidades (1 por defecto)
             */
            cantidad?: number;
            /**
             * @description Descripción (por defecto el nombre del servicio o "Sesión de psicología"). Nunca contenido clínico.
             * @example Sesión de psicología
             */
            descripcion?: string;
            /**
             * Format: int32
             * @description Precio unitario antes de IVA en céntimos, si no se factura un servicio
             */
            precioCentimos?: number;
            /**
             * Format: int32
             * @description IVA de una línea sin servicio: EXENTO (por defecto) o 21, 10, 4
             * @enum {string|integer}
             */
            iva?: "EXENTO" | 21 | 10 | 4;
        };
        FacturaDatos: {
            /**
             * Format: int32
             * @description Paciente al que se factura
             */
            idPaciente: number;
            lineas: components["schemas"]["LineaFacturaDatos"][];
        };
        /** @description emisor */
        ParteFacturaEmisor: {
            /** @description Nombre o razón social */
            nombreRazon: string;
            /** @description NIF o NIE */
            nif: string;
            /** @description Domicilio, una línea por elemento */
            domicilio: string[];
        };
        LineaFactura: {
            /** @description Descripción (nunca contenido clínico) */
            descripcion: string;
            /**
             * Format: int32
             * @description Servicio facturado; null en una línea escrita a mano
             */
            idServicio: number | null;
            /** Format: int32 */
            cantidad: number;
            /**
             * Format: int32
             * @description Precio unitario antes de IVA
             */
            precioUnitarioCentimos: number;
            /**
             * Format: int32
             * @description Base imponible: precio unitario × cantidad
             */
            baseCentimos: number;
            /**
             * Format: int32
             * @description EXENTO (causa E1, art. 20.Uno.3º Ley 37/1992) o el tipo en porcentaje
             * @enum {string|integer}
             */
            iva: "EXENTO" | 21 | 10 | 4;
            /**
             * Format: int32
             * @description Cuota de IVA (0 si exenta), redondeada al céntimo
             */
            cuotaCentimos: number;
            /**
             * Format: date
             * @description Día del servicio, en la línea de un cargo (la fecha de la cita); si falta, la de expedición
             * @example 2026-03-14
             */
            fechaOperacion?: string;
        };
        Factura: {
            /** Format: int32 */
            idFactura: number;
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /**
             * Format: int32
             * @description Psicólogo del paciente al emitirla
             */
            idPsicologo: number | null;
            /**
             * Format: int32
             * @description Psicólogo que la emite como profesional; null: la emite la consulta
             */
            idPsicologoEmisor: number | null;
            /**
             * @description Serie: año y letra, una por emisor y año
             * @example 2026-A
             */
            serie: string;
            /**
             * Format: int32
             * @description Número correlativo en la serie, sin huecos ni repeticiones
             */
            numero: number;
            /**
             * @description Serie y número, como se registran ante la AEAT
             * @example 2026-A/000001
             */
            numSerie: string;
            /**
             * Format: date
             * @example 2026-03-14
             */
            fechaExpedicion: string;
            /**
             * @description F1 completa; F2 simplificada (paciente sin NIF o domicilio, hasta 400,00 €); R1, R4 o R5 (de una F2) rectificativa por diferencias
             * @enum {string}
             */
            tipoFactura: "F1" | "F2" | "R1" | "R4" | "R5";
            /** @description En una rectificativa, la factura original; null en las demás */
            rectifica: {
                /**
                 * Format: int32
                 * @description La factura que rectifica
                 */
                idFactura: number;
                numSerie: string;
                /**
                 * Format: date
                 * @example 2026-03-14
                 */
                fechaExpedicion: string;
                /** @description Por qué se rectifica */
                motivo: string;
            } | null;
            /**
             * @description ANULADA tras su registro de anulación; nunca se borra
             * @enum {string}
             */
            estado: "EMITIDA" | "ANULADA";
            emisor: components["schemas"]["ParteFacturaEmisor"];
            /** @description destinatario */
            destinatario: {
                /** @description Nombre o razón social */
                nombreRazon: string;
                /** @description NIF o NIE */
                nif: string;
                /** @description Domicilio, una línea por elemento */
                domicilio: string[];
            } | null;
            lineas: components["schemas"]["LineaFactura"][];
            /**
             * Format: int32
             * @description Suma de las bases
             */
            baseTotalCentimos: number;
            /**
             * Format: int32
             * @description Suma de las cuotas (CuotaTotal)
             */
            cuotaTotalCentimos: number;
            /**
             * Format: int32
             * @description Total de la factura (ImporteTotal)
             */
            importeTotalCentimos: number;
            /** @description Huella (SHA-256) de su registro de alta */
            huella: string | null;
            /** @description URL del servicio de cotejo de la AEAT que lleva el QR de la factura */
            urlQr: string;
            /**
             * Format: int32
             * @description Pagado de la factura, descontados los reembolsos (una rectificativa se paga a través de la original: 0)
             */
            cobradoCentimos: number;
            /**
             * @description PENDIENTE, PARCIAL, PAGADA (nada pendiente) o REEMBOLSADA (todo lo pagado se reembolsó); una rectificativa, el de su original
             * @enum {string}
             */
            estadoCobro: "PENDIENTE" | "PARCIAL" | "PAGADA" | "REEMBOLSADA";
        };
        AnulacionFacturaDatos: {
            /**
             * @description Por qué se anula (queda en el evento, no en el registro de la AEAT)
             * @example Emitida por error
             */
            motivo: string;
        };
        LineaRectificacionDatos: {
            /**
             * @description Descripción (por defecto "Sesión de psicología"). Nunca contenido clínico.
             * @example Sesión de psicología
             */
            descripcion?: string;
            /**
             * Format: int32
             * @description Diferencia unitaria antes de IVA en céntimos: negativa para rebajar la original
             */
            precioCentimos: number;
            /**
             * Format: int32
             * @description Unidades (1 por defecto)
             */
            cantidad?: number;
            /**
             * Format: int32
             * @description EXENTO (por defecto) o 21, 10, 4
             * @enum {string|integer}
             */
            iva?: "EXENTO" | 21 | 10 | 4;
        };
        RectificacionFacturaDatos: {
            lineas: components["schemas"]["LineaRectificacionDatos"][];
            /**
             * @description Por qué se rectifica (se imprime en la rectificativa)
             * @example Precio mal aplicado
             */
            motivo: string;
            /**
             * @description R1 (error fundado en derecho, art. 80 Uno, Dos y Seis Ley 37/1992; por defecto) o R4 (resto); la de una simplificada es R5
             * @enum {string}
             */
            tipo?: "R1" | "R4";
        };
        RegistroAeat: {
            /** Format: int32 */
            idRegistro: number;
            /**
             * @description Registro de alta (factura emitida) o de anulación
             * @enum {string}
             */
            operacion: "Alta" | "Anulacion";
            /** Format: int32 */
            idFactura: number;
            emisorNif: string;
            /** @example 2026-A/000001 */
            numSerie: string;
            fechaExpedicion: string;
            /** @description Huella SHA-256 del registro, encadenada a la del anterior del emisor */
            huella: string;
            /**
             * @description PENDIENTE (sin enviar o a la espera de reintento; también siempre que no se envía a la AEAT), ENVIADO (en curso), y la respuesta de la AEAT: CORRECTO, ACEPTADO_CON_ERRORES, INCORRECTO, o RECHAZADO (la AEAT rechazó el envío entero)
             * @enum {string}
             */
            estado: "PENDIENTE" | "ENVIADO" | "CORRECTO" | "ACEPTADO_CON_ERRORES" | "INCORRECTO" | "RECHAZADO";
            /** @description Código seguro de verificación del envío que la AEAT aceptó */
            csv: string | null;
            /** @description Código de error de la AEAT */
            codigoError: string | null;
            /** @description Descripción del error */
            descripcionError: string | null;
            /** @description Generado mientras la AEAT no era alcanzable: enviado con Incidencia = S */
            incidencia: boolean;
            /**
             * Format: int32
             * @description Envíos a la AEAT de este registro (uno más si no llegó respuesta)
             */
            intentos: number;
        };
        Cargo: {
            /**
             * Format: int32
             * @description Identificador del cargo: el de su cita (un cargo por cita)
             */
            idCargo: number;
            /**
             * Format: int32
             * @description Identificador de la cita
             */
            idCita: number;
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /**
             * Format: int32
             * @description Identificador del psicólogo
             */
            idPsicologo: number;
            /**
             * @description SESION (cita completada o sesión registrada), CANCELACION_TARDIA o NO_PRESENTADO
             * @enum {string}
             */
            concepto: "SESION" | "CANCELACION_TARDIA" | "NO_PRESENTADO";
            /**
             * Format: int32
             * @description Servicio cobrado; null en la tarifa de cancelación
             */
            idServicio: number | null;
            /**
             * Format: int32
             * @description Importe antes de IVA (base imponible), en céntimos
             * @example 6000
             */
            precioCentimos: number;
            /**
             * Format: int32
             * @description IVA: EXENTO (psicoterapia por profesional sanitario, art. 20.Uno.3º Ley 37/1992; por defecto) o el tipo en porcentaje (21, 10 o 4)
             * @example EXENTO
             * @enum {string|integer}
             */
            iva: "EXENTO" | 21 | 10 | 4;
            /**
             * Format: int32
             * @description Cuota de IVA en céntimos (0 si EXENTO)
             */
            cuotaIvaCentimos: number;
            /**
             * Format: int32
             * @description Importe más IVA, en céntimos
             */
            totalCentimos: number;
            /**
             * Format: date
             * @description Día del servicio: el del inicio de la cita, en la zona de la consulta
             * @example 2026-03-14
             */
            fecha: string;
            /**
             * @description PENDIENTE_FACTURAR hasta que una factura lo recoja (FACTURADO); CUBIERTO_BONO si lo cubre un bono (no se factura)
             * @enum {string}
             */
            estado: "PENDIENTE_FACTURAR" | "FACTURADO" | "CUBIERTO_BONO";
            /**
             * Format: int32
             * @description La factura que lo recoge (FACTURADO); null si no
             */
            idFactura: number | null;
            /**
             * Format: int32
             * @description El bono que lo cubre (CUBIERTO_BONO); null si no
             */
            idBono: number | null;
        };
        FilaIngresos: {
            /**
             * @description Mes de la fecha de expedición
             * @example 2026-03
             */
            mes: string;
            /**
             * Format: int32
             * @description Psicólogo de la factura (el del paciente al emitirla); null: pacientes sin psicólogo
             */
            idPsicologo: number | null;
            /** @description Nombre y apellido del psicólogo */
            nombrePsicologo: string | null;
            /**
             * Format: int32
             * @description Facturas emitidas y no anuladas (rectificativas incluidas)
             */
            facturas: number;
            /**
             * Format: int32
             * @description De ellas, rectificativas
             */
            rectificativas: number;
            /**
             * Format: int32
             * @description Base imponible en céntimos (las rectificativas con sus diferencias, que pueden ser negativas)
             */
            baseCentimos: number;
            /**
             * Format: int32
             * @description Cuota de IVA en céntimos
             */
            cuotaIvaCentimos: number;
            /**
             * Format: int32
             * @description Total facturado en céntimos
             */
            totalCentimos: number;
            /**
             * Format: int32
             * @description Cobrado hasta hoy de esas facturas, en céntimos
             */
            cobradoCentimos: number;
        };
        TotalesIngresos: {
            /**
             * Format: int32
             * @description Facturas emitidas y no anuladas (rectificativas incluidas)
             */
            facturas: number;
            /**
             * Format: int32
             * @description De ellas, rectificativas
             */
            rectificativas: number;
            /**
             * Format: int32
             * @description Base imponible en céntimos (las rectificativas con sus diferencias, que pueden ser negativas)
             */
            baseCentimos: number;
            /**
             * Format: int32
             * @description Cuota de IVA en céntimos
             */
            cuotaIvaCentimos: number;
            /**
             * Format: int32
             * @description Total facturado en céntimos
             */
            totalCentimos: number;
            /**
             * Format: int32
             * @description Cobrado hasta hoy de esas facturas, en céntimos
             */
            cobradoCentimos: number;
        };
        InformeIngresos: {
            /** @example 2026-03 */
            desde: string;
            /** @example 2026-03 */
            hasta: string;
            /**
             * Format: int32
             * @description El psicólogo pedido, si se pidió uno
             */
            idPsicologo?: number;
            /** @description Una por mes y psicólogo con facturas, por mes y idPsicologo */
            filas: components["schemas"]["FilaIngresos"][];
            totales: components["schemas"]["TotalesIngresos"];
        };
        SesionPagoOnline: {
            /**
             * Format: uri
             * @description La página de pago de Stripe a la que se lleva al paciente
             * @example https://checkout.stripe.com/c/pay/cs_test_a1b2
             */
            url: string;
            /**
             * @description La sesión de Stripe Checkout
             * @example cs_test_a1b2
             */
            idSesion: string;
            /**
             * Format: int32
             * @description Lo que se cobra: lo pendiente de la factura, en céntimos
             */
            importeCentimos: number;
        };
        WebhookStripeRecibido: {
            /** @description Siempre true */
            recibido: boolean;
            /**
             * @description procesado; duplicado (ya procesado: nada más se registra); ignorado (un tipo de evento que la facturación no usa)
             * @enum {string}
             */
            resultado: "procesado" | "duplicado" | "ignorado";
        };
        PagoDatos: {
            /**
             * Format: int32
             * @description Importe en céntimos (entero, mayor que 0), como mucho lo pendiente
             */
            importeCentimos: number;
            /**
             * @description Cómo se pagó: EFECTIVO, TARJETA, TRANSFERENCIA o BIZUM
             * @enum {string}
             */
            metodo: "EFECTIVO" | "TARJETA" | "TRANSFERENCIA" | "BIZUM";
            /**
             * @description Referencia o nota (nunca contenido clínico)
             * @example TRF-2026-0042
             */
            referencia?: string;
            /**
             * @description Cuándo se pagó, hora local de la consulta (por defecto, ahora); no en el futuro
             * @example 2026-03-14T10:30:00
             */
            fecha?: string;
        };
        Pago: {
            /** Format: int32 */
            idPago: number;
            /** Format: int32 */
            idFactura: number;
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /**
             * Format: int32
             * @description Importe pagado, en céntimos
             */
            importeCentimos: number;
            /**
             * Format: int32
             * @description Lo reembolsado de este pago, en céntimos
             */
            reembolsadoCentimos: number;
            /**
             * @description EFECTIVO, TARJETA (datáfono), TRANSFERENCIA, BIZUM o STRIPE (pago en línea)
             * @enum {string}
             */
            metodo: "EFECTIVO" | "TARJETA" | "TRANSFERENCIA" | "BIZUM" | "STRIPE";
            /**
             * @description Cuándo se pagó, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            fecha: string;
            /** @description Nota del personal (referencia de la transferencia, "ajuste administrativo"…) */
            referencia: string | null;
            /** @description Identificador del pago en la pasarela (PaymentIntent de Stripe) */
            idExterno: string | null;
            /**
             * Format: int32
             * @description Usuario que lo registró; null si lo registró la pasarela
             */
            registradoPor: number | null;
        };
        FacturaPendiente: {
            /** Format: int32 */
            idFactura: number;
            numSerie: string;
            /**
             * Format: date
             * @example 2026-03-14
             */
            fechaExpedicion: string;
            /**
             * Format: int32
             * @description Total de la factura con sus rectificativas
             */
            importeCentimos: number;
            /**
             * Format: int32
             * @description Pagado, descontados los reembolsos
             */
            cobradoCentimos: number;
            /**
             * Format: int32
             * @description Lo que queda por pagar
             */
            pendienteCentimos: number;
            /** @enum {string} */
            estadoCobro: "PENDIENTE" | "PARCIAL" | "PAGADA" | "REEMBOLSADA";
        };
        SaldoPaciente: {
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /**
             * Format: int32
             * @description Total de las facturas emitidas y no anuladas, con sus rectificativas
             */
            facturadoCentimos: number;
            /**
             * Format: int32
             * @description Todo lo pagado, antes de reembolsos
             */
            pagadoCentimos: number;
            /**
             * Format: int32
             * @description Todo lo reembolsado
             */
            reembolsadoCentimos: number;
            /**
             * Format: int32
             * @description Lo que queda por pagar
             */
            pendienteCentimos: number;
            /** @description Cada factura con algo pendiente, por idFactura */
            facturasPendientes: components["schemas"]["FacturaPendiente"][];
        };
        ReembolsoDatos: {
            /**
             * @description Por qué se reembolsa (queda en el evento; nunca contenido clínico)
             * @example Sesión cancelada por la consulta
             */
            motivo: string;
            /**
             * Format: int32
             * @description Importe a reembolsar en céntimos; por defecto, lo que queda del pago
             */
            importeCentimos?: number;
        };
        SaldoPendientePaciente: {
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /** @description Nombre */
            nombre: string;
            /** @description Apellidos */
            apellido: string;
            /**
             * Format: int32
             * @description Facturas con algo pendiente
             */
            facturas: number;
            /**
             * Format: int32
             * @description Pendiente de facturas de 0 a 30 días, en céntimos
             */
            d0a30Centimos: number;
            /**
             * Format: int32
             * @description Pendiente de facturas de 31 a 60 días, en céntimos
             */
            d31a60Centimos: number;
            /**
             * Format: int32
             * @description Pendiente de facturas de 61 a 90 días, en céntimos
             */
            d61a90Centimos: number;
            /**
             * Format: int32
             * @description Pendiente de facturas de más de 90 días, en céntimos
             */
            masDe90Centimos: number;
            /**
             * Format: int32
             * @description Todo lo pendiente, en céntimos
             */
            totalCentimos: number;
        };
        SaldoPorTramos: {
            /**
             * Format: int32
             * @description Pendiente de facturas de 0 a 30 días, en céntimos
             */
            d0a30Centimos: number;
            /**
             * Format: int32
             * @description Pendiente de facturas de 31 a 60 días, en céntimos
             */
            d31a60Centimos: number;
            /**
             * Format: int32
             * @description Pendiente de facturas de 61 a 90 días, en céntimos
             */
            d61a90Centimos: number;
            /**
             * Format: int32
             * @description Pendiente de facturas de más de 90 días, en céntimos
             */
            masDe90Centimos: number;
            /**
             * Format: int32
             * @description Todo lo pendiente, en céntimos
             */
            totalCentimos: number;
        };
        InformeSaldosPendientes: {
            /**
             * Format: date
             * @description Hoy en la zona de la consulta: la antigüedad se cuenta en días desde la fecha de expedición hasta hoy
             * @example 2026-03-14
             */
            fecha: string;
            /** @description Cada paciente con algo pendiente, por idPaciente */
            pacientes: components["schemas"]["SaldoPendientePaciente"][];
            totales: components["schemas"]["SaldoPorTramos"];
        };
        BonoDatos: {
            /**
             * Format: int32
             * @description Sesiones que incluye (1 a 100)
             * @example 10
             */
            sesiones: number;
            /**
             * Format: int32
             * @description Precio del bono antes de IVA, en céntimos
             * @example 50000
             */
            precioCentimos: number;
            /**
             * Format: date
             * @description Último día de una sesión que cubre (AAAA-MM-DD, no anterior a hoy)
             * @example 2026-03-14
             */
            validoHasta: string;
            /**
             * Format: int32
             * @description Solo cubrirá sesiones de este servicio (por defecto, cualquiera)
             */
            idServicio?: number;
            /**
             * Format: int32
             * @description IVA del bono: por defecto el del servicio si nombra uno, si no EXENTO
             * @example EXENTO
             * @enum {string|integer}
             */
            iva?: "EXENTO" | 21 | 10 | 4;
        };
        Bono: {
            /** Format: int32 */
            idBono: number;
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /**
             * Format: int32
             * @description Sesiones que incluye
             */
            sesiones: number;
            /**
             * Format: int32
             * @description Sesiones completadas que ha cubierto
             */
            usadas: number;
            /**
             * Format: int32
             * @description sesiones − usadas
             */
            restantes: number;
            /**
             * Format: int32
             * @description Precio del bono antes de IVA, en céntimos (la base de su factura)
             * @example 6000
             */
            precioCentimos: number;
            /**
             * Format: int32
             * @description IVA: EXENTO (psicoterapia por profesional sanitario, art. 20.Uno.3º Ley 37/1992; por defecto) o el tipo en porcentaje (21, 10 o 4)
             * @example EXENTO
             * @enum {string|integer}
             */
            iva: "EXENTO" | 21 | 10 | 4;
            /**
             * Format: date
             * @description Último día de una sesión que cubre (zona de la consulta)
             * @example 2026-03-14
             */
            validoHasta: string;
            /**
             * Format: int32
             * @description Solo cubre sesiones de este servicio; null: cualquiera
             */
            idServicio: number | null;
            /**
             * Format: int32
             * @description La factura del bono, emitida al venderlo
             */
            idFactura: number;
            /**
             * @description AGOTADO sin sesiones restantes; si no, CADUCADO pasado validoHasta; si no, ACTIVO
             * @enum {string}
             */
            estado: "ACTIVO" | "AGOTADO" | "CADUCADO";
        };
        FacturacionMensualDatos: {
            /**
             * @description El mes (AAAA-MM) cuyos cargos se facturan; ha de haber terminado
             * @example 2026-11
             */
            mes: string;
            /**
             * Format: int32
             * @description Solo este paciente (por defecto, todos)
             */
            idPaciente?: number;
        };
        PacienteOmitido: {
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /** @description Por qué no se le emitió factura (p. ej. faltan los datos del emisor); sus cargos siguen pendientes */
            motivo: string;
        };
        FacturacionMensual: {
            /** @description Facturas emitidas, una por paciente (o más si tiene más de 100 cargos) */
            emitidas: components["schemas"]["Factura"][];
            omitidos: components["schemas"]["PacienteOmitido"][];
        };
        Ajustes: {
            /**
             * Format: int32
             * @description Identificador de los ajustes guardados; null mientras el usuario no los haya cambiado nunca
             */
            idAjuste: number | null;
            /**
             * Format: int32
             * @description Identificador del usuario
             */
            idUsuario: number;
            /**
             * @description Idioma de la interfaz y de las notificaciones
             * @enum {string}
             */
            idioma: "es" | "en";
            /** @description Si recibe notificaciones */
            notificaciones: boolean;
            /** @description Si usa el modo oscuro */
            darkMode: boolean;
            /** @description Zona horaria IANA del usuario (p. ej. Europe/Madrid) */
            timezone: string;
            /**
             * @description Antelaciones de los recordatorios de cita, en horas (de 1 a 168), de mayor a menor; por defecto [24]
             * @example [
             *       24,
             *       2
             *     ]
             */
            recordatorios: number[];
        };
        AjustesCambio: {
            /**
             * @description Idioma de la interfaz y de las notificaciones
             * @enum {string}
             */
            idioma?: "es" | "en";
            /** @description Si recibe notificaciones */
            notificaciones?: boolean;
            /** @description Si usa el modo oscuro */
            darkMode?: boolean;
            /**
             * @description Zona horaria IANA del usuario (p. ej. Europe/Madrid)
             * @example Europe/Madrid
             */
            timezone?: string;
            /**
             * @description Antelaciones de los recordatorios de cita, en horas (de 1 a 168), de mayor a menor; por defecto [24]
             * @example [
             *       24,
             *       2
             *     ]
             */
            recordatorios?: number[];
        };
        DispositivoRegistro: {
            /**
             * @description Token (JWT de sesión o token push, según el recurso)
             * @example dGVzdC1wdXNoLXRva2Vu
             */
            token: string;
        };
        Dispositivo: {
            /** @description Token (JWT de sesión o token push, según el recurso) */
            token: string;
            /**
             * Format: int32
             * @description Identificador del usuario
             */
            idUsuario: number;
            /**
             * @description Momento de creación, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            creadoEn: string;
        };
        Cita: {
            /**
             * Format: int32
             * @description Identificador de la cita
             */
            idCita: number;
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /**
             * Format: int32
             * @description Identificador del psicólogo
             */
            idPsicologo: number;
            /** @description Nombre completo del psicólogo */
            nombrePsicologo: string;
            /** @description Nombre completo del paciente */
            nombrePaciente: string;
            /**
             * @description Inicio de la cita, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            startDatetime: string;
            /**
             * Format: int32
             * @description Duración en minutos
             */
            durationMinutes: number;
            /**
             * @description Estado de la cita
             * @enum {string}
             */
            estado: "PENDIENTE" | "CONFIRMADA" | "CANCELADA" | "COMPLETADA";
            /** @description Motivo en texto libre */
            motivo: string | null;
            /**
             * @description PRESENCIAL (en la consulta) u ONLINE (videollamada: la sala en GET /api/citas/{idCita}/sala)
             * @enum {string}
             */
            modalidad: "PRESENCIAL" | "ONLINE";
        };
        CitaCrear: {
            /**
             * Format: int32
             * @description Identificador del psicólogo
             */
            idPsicologo: number;
            /**
             * @description Inicio de la cita, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            startDatetime: string;
            /**
             * Format: int32
             * @description Duración en minutos
             */
            durationMinutes?: number;
            /** @description Motivo en texto libre */
            motivo?: string | null;
            /**
             * @description PRESENCIAL por defecto; ONLINE solo si el paciente aceptó la videoconferencia, el psicólogo la ofrece y el servidor tiene JITSI_* (si no, 409)
             * @enum {string}
             */
            modalidad?: "PRESENCIAL" | "ONLINE";
        };
        CitaCambio: {
            /**
             * @description Inicio de la cita, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            startDatetime?: string;
            /**
             * Format: int32
             * @description Duración en minutos
             */
            durationMinutes?: number;
            /** @description Motivo en texto libre */
            motivo?: string | null;
        };
        AgendaEntrada: {
            /**
             * Format: date
             * @description Fecha (AAAA-MM-DD) o fecha y hora local, según el recurso
             * @example 2026-03-14
             */
            fecha: string;
            /** @description Hora de inicio (HH:mm, hora local) */
            horaInicio: string;
            /** @description Hora de fin (HH:mm, hora local) */
            horaFin: string;
            /**
             * @description Tipo de entrada: cita o bloqueo
             * @enum {string}
             */
            tipo: "cita" | "bloqueo";
            /** @description Texto de la entrada (para el paciente, "No disponible" en los bloqueos) */
            detalle: string;
            /**
             * Format: int32
             * @description idCita o idBloqueo, según el tipo
             */
            referenciaId: number;
        };
        CitaCambioEstado: {
            /**
             * @description Estado de la cita
             * @enum {string}
             */
            estado: "PENDIENTE" | "CONFIRMADA" | "CANCELADA" | "COMPLETADA";
        };
        SerieCitasCrear: {
            /**
             * Format: int32
             * @description Identificador del psicólogo
             */
            idPsicologo: number;
            /**
             * @description Inicio de la cita, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            startDatetime: string;
            /**
             * Format: int32
             * @description Duración en minutos
             */
            durationMinutes?: number;
            /** @description Motivo en texto libre */
            motivo?: string | null;
            /**
             * @description SEMANAL: cada 7 días; QUINCENAL: cada 14 días (misma hora local)
             * @enum {string}
             */
            frecuencia: "SEMANAL" | "QUINCENAL";
            /**
             * Format: int32
             * @description Número de citas de la serie (2 a 52)
             */
            repeticiones: number;
            /**
             * @description De todas las citas de la serie: PRESENCIAL por defecto; ONLINE como en POST /api/citas (cada cita, su propia sala)
             * @enum {string}
             */
            modalidad?: "PRESENCIAL" | "ONLINE";
        };
        SerieCitas: {
            /**
             * Format: int32
             * @description Identificador de la serie
             */
            idSerie: number;
            /**
             * @description SEMANAL: cada 7 días; QUINCENAL: cada 14 días (misma hora local)
             * @enum {string}
             */
            frecuencia: "SEMANAL" | "QUINCENAL";
            /** @description Las citas de la serie, por fecha */
            citas: components["schemas"]["Cita"][];
        };
        SerieCitasCrearPsicologo: {
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /**
             * @description Inicio de la cita, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            startDatetime: string;
            /**
             * Format: int32
             * @description Duración en minutos
             */
            durationMinutes?: number;
            /** @description Motivo en texto libre */
            motivo?: string | null;
            /**
             * @description SEMANAL: cada 7 días; QUINCENAL: cada 14 días (misma hora local)
             * @enum {string}
             */
            frecuencia: "SEMANAL" | "QUINCENAL";
            /**
             * Format: int32
             * @description Número de citas de la serie (2 a 52)
             */
            repeticiones: number;
            /**
             * @description De todas las citas de la serie: PRESENCIAL por defecto; ONLINE como en POST /api/citas (cada cita, su propia sala)
             * @enum {string}
             */
            modalidad?: "PRESENCIAL" | "ONLINE";
        };
        ListaEsperaUnirse: {
            /**
             * Format: int32
             * @description El psicólogo cuya agenda se espera
             */
            idPsicologo: number;
            /**
             * Format: date
             * @description Primer día del rango (AAAA-MM-DD, hora local de la consulta), hoy o después
             * @example 2026-03-14
             */
            desde: string;
            /**
             * Format: date
             * @description Último día del rango, incluido: como mucho 31 días en total y dentro del plazo de reserva
             * @example 2026-03-14
             */
            hasta: string;
        };
        EntradaListaEspera: {
            /**
             * Format: int32
             * @description Identificador de la entrada
             */
            idEntrada: number;
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /**
             * Format: int32
             * @description Identificador del psicólogo
             */
            idPsicologo: number;
            /**
             * Format: date
             * @example 2026-03-14
             */
            desde: string;
            /**
             * Format: date
             * @example 2026-03-14
             */
            hasta: string;
            /**
             * @description ACTIVA: se avisa; ATENDIDA: el paciente reservó con ese psicólogo dentro del rango; ABANDONADA: la dejó; EXPIRADA: pasó `hasta`
             * @enum {string}
             */
            estado: "ACTIVA" | "ATENDIDA" | "ABANDONADA" | "EXPIRADA";
            /**
             * @description Cuándo se unió (los avisos siguen el orden de llegada), hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            unidaEn: string;
        };
        BloqueoCrear: {
            /**
             * Format: date
             * @description Fecha (AAAA-MM-DD) o fecha y hora local, según el recurso
             * @example 2026-03-14
             */
            fecha: string;
            /**
             * @description Hora de inicio (HH:mm, hora local)
             * @example 10:00
             */
            horaInicio?: string | null;
            /**
             * @description Hora de fin (HH:mm, hora local)
             * @example 11:00
             */
            horaFin?: string | null;
            /**
             * @description Motivo en texto libre
             * @example Primera consulta
             */
            motivo: string;
        };
        Bloqueo: {
            /**
             * Format: int32
             * @description Identificador del bloqueo
             */
            idBloqueo: number;
            /**
             * Format: date
             * @description Fecha (AAAA-MM-DD) o fecha y hora local, según el recurso
             * @example 2026-03-14
             */
            fecha: string;
            /** @description Hora de inicio (HH:mm, hora local) */
            horaInicio: string;
            /** @description Hora de fin (HH:mm, hora local) */
            horaFin: string;
            /** @description Motivo en texto libre */
            motivo: string;
        };
        Firma: {
            /**
             * Format: int32
             * @description Identificador del psicólogo que firmó
             */
            idPsicologo: number;
            /** @description Nombre completo del firmante según el directorio al leer (null si ya no está en él) */
            nombre: string | null;
            /** @description Número de colegiado del firmante según el directorio al leer (null si no consta) */
            licencia: string | null;
            /**
             * @description Momento de la firma, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            firmadoEn: string;
            /**
             * @description Significado de la firma: AUTOR (quien firma escribió el registro o la adenda)
             * @enum {string}
             */
            significado: "AUTOR";
            /** @description Huella del registro: SHA-256 (base64) sobre la versión practice.audit.record/v1 y las hojas (practice.audit.leaf/v1) de los eventos del registro tal como están guardados (cifrados), todos los anteriores a la firma; ver docs/audit.md */
            huella: string;
        };
        FirmaAdenda: {
            /**
             * Format: int32
             * @description Identificador del psicólogo que firmó
             */
            idPsicologo: number;
            /** @description Nombre completo del firmante según el directorio al leer (null si ya no está en él) */
            nombre: string | null;
            /** @description Número de colegiado del firmante según el directorio al leer (null si no consta) */
            licencia: string | null;
            /**
             * @description Momento de la firma, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            firmadoEn: string;
            /**
             * @description Significado de la firma: AUTOR (quien firma escribió el registro o la adenda)
             * @enum {string}
             */
            significado: "AUTOR";
            /** @description Huella de la adenda sobre el JSON canónico (RFC 8785) de {tipo, texto, referencia}, con el texto en claro (base64): con huellaVersion 2, HMAC-SHA-256 con la clave claveHuella; con huellaVersion 1 (adendas anteriores), SHA-256 sin clave */
            huella: string;
            /**
             * Format: int32
             * @description 2: huella con clave (HMAC-SHA-256 con claveHuella); 1: adenda anterior, SHA-256 sin clave
             * @enum {integer}
             */
            huellaVersion: 1 | 2;
            /** @description Clave de la huella (base64, 32 bytes), cifrada junto al texto: permite comprobar la huella a quien lee el texto, y a nadie más. null en adendas de versión 1 y, como el texto, si el paciente fue suprimido o su clave clínica destruida */
            claveHuella: string | null;
        };
        Adenda: {
            /**
             * @description CORRECCION, ACLARACION o ANULACION (tras una ANULACION el registro no admite más adendas)
             * @enum {string}
             */
            tipo: "CORRECCION" | "ACLARACION" | "ANULACION";
            /** @description Texto de la adenda (null si el paciente fue suprimido o su clave clínica destruida) */
            texto: string | null;
            firma: components["schemas"]["FirmaAdenda"];
            /** @description La huella del registro que la adenda modifica (su firma.huella) */
            referencia: string;
        };
        Sesion: {
            /**
             * Format: int32
             * @description Identificador de la sesión
             */
            idSesion: number;
            /**
             * Format: int32
             * @description Identificador de la cita
             */
            idCita: number;
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /**
             * Format: int32
             * @description Identificador del psicólogo
             */
            idPsicologo: number;
            /**
             * @description Fecha y hora de la sesión, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            sessionDate: string;
            /**
             * Format: int32
             * @description Duración en minutos
             */
            durationMinutes: number;
            /** @description Notas de la sesión */
            notas: string | null;
            /** @description Recomendaciones tras la sesión */
            recomendaciones: string | null;
            /** @description Firma del registro; null si no está firmado */
            firma: components["schemas"]["Firma"] | null;
            /** @description Adendas firmadas, en el orden en que se añadieron */
            adendas: components["schemas"]["Adenda"][];
        };
        SesionCrear: {
            /**
             * Format: int32
             * @description Identificador de la cita
             */
            idCita: number;
            /**
             * @description Fecha y hora de la sesión, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            sessionDate: string;
            /**
             * Format: int32
             * @description Duración en minutos
             */
            durationMinutes: number;
            /** @description Notas de la sesión */
            notas?: string | null;
            /** @description Recomendaciones tras la sesión */
            recomendaciones?: string | null;
        };
        SesionCrearPsicologo: {
            /**
             * Format: int32
             * @description Identificador de la cita
             */
            idCita: number;
            /**
             * @description Fecha y hora de la sesión, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            sessionDate: string;
            /**
             * Format: int32
             * @description Duración en minutos
             */
            durationMinutes: number;
            /** @description Notas de la sesión */
            notas?: string | null;
            /** @description Recomendaciones tras la sesión */
            recomendaciones?: string | null;
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
        };
        Historial: {
            /**
             * Format: int32
             * @description Identificador del registro del historial
             */
            idHistory: number;
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /** @description Título del registro */
            titulo: string | null;
            /** @description Diagnóstico */
            diagnostico: string | null;
            /** @description Tratamiento */
            tratamiento: string | null;
            /** @description Observaciones */
            observaciones: string | null;
            /**
             * @description Momento de creación, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            creadoEn: string;
            /** @description Firma del registro; null si no está firmado */
            firma: components["schemas"]["Firma"] | null;
            /** @description Adendas firmadas, en el orden en que se añadieron */
            adendas: components["schemas"]["Adenda"][];
        };
        HistorialDatos: {
            /**
             * @description Título del registro
             * @example Evaluación inicial
             */
            titulo: string;
            /** @description Diagnóstico */
            diagnostico?: string | null;
            /** @description Tratamiento */
            tratamiento?: string | null;
            /** @description Observaciones */
            observaciones?: string | null;
        };
        HistorialCrearPsicologo: {
            /**
             * @description Título del registro
             * @example Evaluación inicial
             */
            titulo: string;
            /** @description Diagnóstico */
            diagnostico?: string | null;
            /** @description Tratamiento */
            tratamiento?: string | null;
            /** @description Observaciones */
            observaciones?: string | null;
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
        };
        FirmaCrear: {
            /** @description La contraseña de la cuenta de quien firma: firmar es un acto deliberado (21 CFR 11.200) */
            password: string;
        };
        AdendaCrear: {
            /**
             * @description CORRECCION, ACLARACION o ANULACION
             * @enum {string}
             */
            tipo: "CORRECCION" | "ACLARACION" | "ANULACION";
            /**
             * @description Texto de la adenda (se firma tal cual se envía)
             * @example La sesión duró 45 minutos, no 50
             */
            texto: string;
            /** @description La contraseña de la cuenta de quien firma: firmar es un acto deliberado (21 CFR 11.200) */
            password: string;
        };
        DiarioEntrada: {
            /**
             * Format: int32
             * @description Identificador de la entrada del diario
             */
            idDiario: number;
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /**
             * @description Cuándo se escribió la entrada, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            fecha: string;
            /** @description Emoción (texto libre: Ansiedad, Tristeza, Alegría, Calma...) */
            emocion: string;
            /**
             * Format: int32
             * @description Intensidad de la emoción, de 1 a 10
             */
            intensidad: number;
            /** @description Nota libre */
            nota: string | null;
        };
        DiarioEntradaCrear: {
            /**
             * @description Emoción (texto libre: Ansiedad, Tristeza, Alegría, Calma...)
             * @example Ansiedad
             */
            emocion: string;
            /**
             * Format: int32
             * @description Intensidad de la emoción, de 1 a 10
             */
            intensidad: number;
            /** @description Nota libre */
            nota?: string | null;
        };
        InstrumentoResumen: {
            /**
             * @description Código del instrumento (PHQ-9, GAD-7...; GET /api/instrumentos)
             * @example PHQ-9
             */
            codigo: string;
            /** @description Nombre */
            nombre: {
                es: string;
                en: string;
            };
            /**
             * Format: int32
             * @description Número de ítems
             */
            items: number;
            loincPanel: string | null;
            loincTotal: string | null;
        };
        BandaInstrumento: {
            /** @example MODERADA */
            codigo: string;
            /** Format: int32 */
            desde: number;
            /** Format: int32 */
            hasta: number;
            etiqueta: string;
        };
        Instrumento: {
            /**
             * @description Código del instrumento (PHQ-9, GAD-7...; GET /api/instrumentos)
             * @example PHQ-9
             */
            codigo: string;
            /**
             * @description Idioma de la interfaz y de las notificaciones
             * @enum {string}
             */
            idioma: "es" | "en";
            /** @description Nombre */
            nombre: string;
            instrucciones: string;
            fuente: {
                [key: string]: string;
            };
            loinc: {
                panel: string | null;
                total: string | null;
                listaRespuestas: string | null;
            };
            opciones: {
                /** Format: int32 */
                valor: number;
                loinc: string | null;
                texto: string;
            }[];
            items: {
                /** Format: int32 */
                numero: number;
                loinc: string | null;
                texto: string;
            }[];
            puntuacion: {
                /** Format: int32 */
                minimo: number;
                /** Format: int32 */
                maximo: number;
                bandas: components["schemas"]["BandaInstrumento"][];
            };
            seguridad: {
                /** Format: int32 */
                item: number;
                /** Format: int32 */
                umbral: number;
            } | null;
            cambioFiable: {
                /** Format: int32 */
                puntos: number;
                /** @enum {string} */
                mejora: "BAJA" | "SUBE";
            };
        };
        SolicitudCuestionario: {
            /** Format: int32 */
            idSolicitud: number;
            /** Format: int32 */
            idAsignacion: number;
            /**
             * @description Código del instrumento (PHQ-9, GAD-7...; GET /api/instrumentos)
             * @example PHQ-9
             */
            instrumento: string;
            /**
             * @description Cuándo se solicitó, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            fecha: string;
            /**
             * Format: int32
             * @description La cita antes de la cual se pide (pauta ANTES_DE_CADA_CITA)
             */
            idCita: number | null;
        };
        RespuestaCuestionarioCrear: {
            /**
             * Format: int32
             * @description La solicitud que responde; sin él, la pendiente más antigua de ese instrumento
             */
            idSolicitud?: number;
            /**
             * @description Valor de cada ítem por su número ("1": 0, "2": 3...); todos obligatorios, valores de las opciones del instrumento (0 a 3 en PHQ-9 y GAD-7)
             * @example {
             *       "1": 0,
             *       "2": 1,
             *       "3": 0,
             *       "4": 2,
             *       "5": 0,
             *       "6": 0,
             *       "7": 1,
             *       "8": 0,
             *       "9": 0
             *     }
             */
            respuestas: {
                [key: string]: number;
            };
        };
        RespuestaCuestionarioCreada: {
            /** Format: int32 */
            idRespuesta: number;
            /** Format: int32 */
            idSolicitud: number;
            /** Format: int32 */
            idAsignacion: number;
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /**
             * @description Código del instrumento (PHQ-9, GAD-7...; GET /api/instrumentos)
             * @example PHQ-9
             */
            instrumento: string;
            /**
             * @description Cuándo se respondió, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            fecha: string;
            respuestas: number[];
            /** Format: int32 */
            puntuacion: number;
            /** @example LEVE */
            banda: string;
            alertaSeguridad: boolean;
            /** @description Solo con alertaSeguridad: dónde pedir ayuda urgente (CARE_URGENT_HELP_TEXT) */
            ayudaUrgente: string | null;
        };
        RespuestaCuestionario: {
            /** Format: int32 */
            idRespuesta: number;
            /** Format: int32 */
            idSolicitud: number;
            /** Format: int32 */
            idAsignacion: number;
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /**
             * @description Código del instrumento (PHQ-9, GAD-7...; GET /api/instrumentos)
             * @example PHQ-9
             */
            instrumento: string;
            /**
             * @description Cuándo se respondió, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            fecha: string;
            respuestas: number[];
            /** Format: int32 */
            puntuacion: number;
            /** @example LEVE */
            banda: string;
            alertaSeguridad: boolean;
        };
        BandaInstrumentoEsEn: {
            /** @example MODERADA */
            codigo: string;
            /** Format: int32 */
            desde: number;
            /** Format: int32 */
            hasta: number;
            etiqueta: {
                es: string;
                en: string;
            };
        };
        SeriePuntuaciones: {
            instrumento: {
                /**
                 * @description Código del instrumento (PHQ-9, GAD-7...; GET /api/instrumentos)
                 * @example PHQ-9
                 */
                codigo: string;
                /** Format: int32 */
                minimo: number;
                /** Format: int32 */
                maximo: number;
                bandas: components["schemas"]["BandaInstrumentoEsEn"][];
            };
            puntos: {
                /**
                 * @description Cuándo se respondió, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
                 * @example 2026-03-14T10:30:00
                 */
                fecha: string;
                /** Format: int32 */
                puntuacion: number;
                banda: string;
                alerta: boolean;
            }[];
        };
        /** @description UNA_VEZ: una solicitud ahora; CADA_N_SEMANAS: una ahora y otra cada `semanas` semanas; ANTES_DE_CADA_CITA: una en las 48 horas antes de cada cita con usted */
        PautaCuestionario: {
            /**
             * @description Tipo de entrada: cita o bloqueo
             * @enum {string}
             */
            tipo: "UNA_VEZ";
        } | {
            /**
             * @description Tipo de entrada: cita o bloqueo
             * @enum {string}
             */
            tipo: "CADA_N_SEMANAS";
            /** Format: int32 */
            semanas: number;
        } | {
            /**
             * @description Tipo de entrada: cita o bloqueo
             * @enum {string}
             */
            tipo: "ANTES_DE_CADA_CITA";
        };
        AsignacionCuestionarioCrear: {
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /** @example PHQ-9 */
            instrumento: string;
            pauta: components["schemas"]["PautaCuestionario"];
        };
        AsignacionCuestionario: {
            /** Format: int32 */
            idAsignacion: number;
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /**
             * Format: int32
             * @description Identificador del psicólogo
             */
            idPsicologo: number;
            /**
             * @description Código del instrumento (PHQ-9, GAD-7...; GET /api/instrumentos)
             * @example PHQ-9
             */
            instrumento: string;
            pauta: components["schemas"]["PautaCuestionario"];
            activa: boolean;
            /**
             * @description Cuándo se asignó, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            fecha: string;
        };
        ResumenCuestionarios: {
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /** @description Nombre */
            nombre: string;
            /** @description Apellidos */
            apellido: string;
            /**
             * @description Código del instrumento (PHQ-9, GAD-7...; GET /api/instrumentos)
             * @example PHQ-9
             */
            instrumento: string;
            /**
             * @description La respuesta más reciente, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            fecha: string;
            /** Format: int32 */
            puntuacion: number;
            banda: string;
            /** Format: int32 */
            anterior: number | null;
            /** Format: int32 */
            inicial: number;
            /** Format: int32 */
            respuestas: number;
            /**
             * Format: int32
             * @description puntuacion - inicial
             */
            cambio: number;
            /** @enum {string|null} */
            cambioFiable: "MEJORA" | "EMPEORAMIENTO" | null;
            alertaSeguridad: boolean;
        };
        AlertaSeguridad: {
            /**
             * Format: int32
             * @description La respuesta que la disparó; identifica la alerta
             */
            idRespuesta: number;
            /** Format: int32 */
            idAsignacion: number;
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /**
             * Format: int32
             * @description Identificador del psicólogo
             */
            idPsicologo: number;
            /**
             * @description Código del instrumento (PHQ-9, GAD-7...; GET /api/instrumentos)
             * @example PHQ-9
             */
            instrumento: string;
            /**
             * @description Cuándo se respondió, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            fecha: string;
            /**
             * Format: int32
             * @description idUsuario de quien la reconoció
             */
            reconocidaPor: number | null;
            /**
             * @description Cuándo se reconoció, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            reconocidaFecha: string | null;
        };
        VersionDocumentoConsentimiento: {
            /**
             * @description TRATAMIENTO (tratamiento psicológico), DATOS (tratamiento de datos personales) u ONLINE (sesiones en línea)
             * @enum {string}
             */
            tipo: "TRATAMIENTO" | "DATOS" | "ONLINE";
            /**
             * Format: int32
             * @description Versión del documento, desde 1 por tipo
             */
            version: number;
            /** @description Título del registro */
            titulo: string;
            /**
             * @description SHA-256 (hex en minúsculas) del JSON canónico (RFC 8785) de {tipo, version, titulo, cuerpo}, calculado por el servidor
             * @example 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
             */
            sha256: string;
            /**
             * @description Cuándo se publicó, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            publicadoEn: string;
        };
        TipoDocumentoConsentimiento: {
            /**
             * @description TRATAMIENTO (tratamiento psicológico), DATOS (tratamiento de datos personales) u ONLINE (sesiones en línea)
             * @enum {string}
             */
            tipo: "TRATAMIENTO" | "DATOS" | "ONLINE";
            /** @description Si hay que firmar su versión vigente antes de reservar una cita */
            requerido: boolean;
            /** @description La versión vigente; null si nunca se publicó */
            versionActual: components["schemas"]["VersionDocumentoConsentimiento"] | null;
        };
        DocumentoConsentimiento: {
            /**
             * @description TRATAMIENTO (tratamiento psicológico), DATOS (tratamiento de datos personales) u ONLINE (sesiones en línea)
             * @enum {string}
             */
            tipo: "TRATAMIENTO" | "DATOS" | "ONLINE";
            /**
             * Format: int32
             * @description Versión del documento, desde 1 por tipo
             */
            version: number;
            /** @description Título del registro */
            titulo: string;
            /**
             * @description SHA-256 (hex en minúsculas) del JSON canónico (RFC 8785) de {tipo, version, titulo, cuerpo}, calculado por el servidor
             * @example 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
             */
            sha256: string;
            /**
             * @description Cuándo se publicó, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            publicadoEn: string;
            /** @description Texto del documento, tal como se firma */
            cuerpo: string;
        };
        DocumentoConsentimientoCrear: {
            /**
             * @description TRATAMIENTO (tratamiento psicológico), DATOS (tratamiento de datos personales) u ONLINE (sesiones en línea)
             * @enum {string}
             */
            tipo: "TRATAMIENTO" | "DATOS" | "ONLINE";
            /**
             * @description Título del registro
             * @example Consentimiento informado para el tratamiento psicológico
             */
            titulo: string;
            /**
             * @description Texto completo (como mucho 100000 caracteres)
             * @example Yo, el/la paciente, he sido informado/a de…
             */
            cuerpo: string;
        };
        ConsentimientosRequeridos: {
            /** @description Tipos que hay que firmar antes de reservar ([]: ninguno, lo predeterminado) */
            tipos: ("TRATAMIENTO" | "DATOS" | "ONLINE")[];
        };
        Consentimiento: {
            /**
             * Format: int32
             * @description Número de la firma entre las del paciente
             */
            numero: number;
            /**
             * @description TRATAMIENTO (tratamiento psicológico), DATOS (tratamiento de datos personales) u ONLINE (sesiones en línea)
             * @enum {string}
             */
            tipo: "TRATAMIENTO" | "DATOS" | "ONLINE";
            /** Format: int32 */
            version: number;
            /** @description Título del registro */
            titulo: string;
            /**
             * @description SHA-256 (hex en minúsculas) del JSON canónico (RFC 8785) de {tipo, version, titulo, cuerpo}, calculado por el servidor
             * @example 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
             */
            sha256: string;
            /**
             * @description ACEPTA: el paciente acepta la versión firmada; null si sus datos clínicos se suprimieron
             * @enum {string|null}
             */
            significado: "ACEPTA" | null;
            /**
             * @description Cuándo se firmó, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            firmadoEn: string;
            /**
             * @description VIGENTE: la última firma del tipo, sin retirar; RETIRADO: retirada (ver retiradoEn); SUSTITUIDO: hay una firma posterior del mismo tipo
             * @enum {string}
             */
            estado: "VIGENTE" | "RETIRADO" | "SUSTITUIDO";
            /**
             * @description Cuándo se retiró; null si no se retiró, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            retiradoEn: string | null;
        };
        ConsentimientoFirmar: {
            /**
             * @description TRATAMIENTO (tratamiento psicológico), DATOS (tratamiento de datos personales) u ONLINE (sesiones en línea)
             * @enum {string}
             */
            tipo: "TRATAMIENTO" | "DATOS" | "ONLINE";
            /**
             * Format: int32
             * @description La versión que se firma: debe ser la vigente (409 si no)
             */
            version: number;
            /** @description La contraseña de la cuenta del paciente: firmar o retirar un consentimiento es un acto deliberado */
            password: string;
        };
        ConsentimientoRetirar: {
            /**
             * @description TRATAMIENTO (tratamiento psicológico), DATOS (tratamiento de datos personales) u ONLINE (sesiones en línea)
             * @enum {string}
             */
            tipo: "TRATAMIENTO" | "DATOS" | "ONLINE";
            /** @description Motivo (opcional; se guarda cifrado con los datos clínicos) */
            motivo?: string | null;
            /** @description La contraseña de la cuenta del paciente: firmar o retirar un consentimiento es un acto deliberado */
            password: string;
        };
        ConsentimientoEnFecha: {
            /**
             * @description TRATAMIENTO (tratamiento psicológico), DATOS (tratamiento de datos personales) u ONLINE (sesiones en línea)
             * @enum {string}
             */
            tipo: "TRATAMIENTO" | "DATOS" | "ONLINE";
            /** @description Si era obligatorio en ese instante */
            requerido: boolean;
            versionVigente: {
                /** Format: int32 */
                version: number;
                /**
                 * @description SHA-256 (hex en minúsculas) del JSON canónico (RFC 8785) de {tipo, version, titulo, cuerpo}, calculado por el servidor
                 * @example 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
                 */
                sha256: string;
                /**
                 * @description Cuándo se publicó, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
                 * @example 2026-03-14T10:30:00
                 */
                publicadoEn: string;
            } | null;
            firma: {
                /** Format: int32 */
                numero: number;
                /** Format: int32 */
                version: number;
                /**
                 * @description SHA-256 (hex en minúsculas) del JSON canónico (RFC 8785) de {tipo, version, titulo, cuerpo}, calculado por el servidor
                 * @example 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
                 */
                sha256: string;
                /**
                 * @description Cuándo se firmó, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
                 * @example 2026-03-14T10:30:00
                 */
                firmadoEn: string;
                /**
                 * @description Cuándo se retiró; null si no se había retirado en ese instante, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
                 * @example 2026-03-14T10:30:00
                 */
                retiradoEn: string | null;
            } | null;
            /** @description Si en ese instante el paciente tenía firmada, sin retirar, la versión vigente */
            firmadoVigente: boolean;
        };
        Progreso: {
            /**
             * Format: int32
             * @description Identificador del registro de progreso
             */
            idProgress: number;
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /**
             * Format: date
             * @description Fecha (AAAA-MM-DD) o fecha y hora local, según el recurso
             * @example 2026-03-14
             */
            fecha: string;
            /**
             * Format: int32
             * @description Nivel de estrés, de 0 a 10
             */
            nivelEstres: number;
            /**
             * Format: int32
             * @description Nivel de ansiedad, de 0 a 10
             */
            nivelAnsiedad: number;
            /**
             * Format: int32
             * @description Nivel de ánimo, de 0 a 10
             */
            nivelAnimo: number;
        };
        ProgresoCrear: {
            /**
             * Format: date
             * @description Fecha (AAAA-MM-DD) o fecha y hora local, según el recurso
             * @example 2026-03-14
             */
            fecha: string;
            /**
             * Format: int32
             * @description Nivel de estrés, de 0 a 10
             */
            nivelEstres: number;
            /**
             * Format: int32
             * @description Nivel de ansiedad, de 0 a 10
             */
            nivelAnsiedad: number;
            /**
             * Format: int32
             * @description Nivel de ánimo, de 0 a 10
             */
            nivelAnimo: number;
        };
        ProgresoSemana: {
            /**
             * Format: date
             * @description Lunes (ISO) de la semana
             * @example 2026-03-14
             */
            semana: string;
            /**
             * Format: int32
             * @description Número de registros de la semana
             */
            registros: number;
            /** @description Media de estrés de la semana */
            mediaEstres: number;
            /** @description Media de ansiedad de la semana */
            mediaAnsiedad: number;
            /** @description Media de ánimo de la semana */
            mediaAnimo: number;
        };
        EventoAuditoria: {
            /** @description Identificador del evento */
            eventId: string;
            /** @description Flujo de eventos al que pertenece */
            stream: string;
            /** @description Tipo de evento */
            type: string;
            /**
             * @description Momento del evento, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            occurredAt: string;
            /**
             * @description Momento del evento: el mismo instante en UTC, AAAA-MM-DDTHH:mm:ss.sssZ
             * @example 2026-03-14T09:30:00.000Z
             */
            occurredAtUtc: string;
            /** @description Quién causó el evento (null si fue el sistema) */
            actor: {
                /**
                 * Format: int32
                 * @description Identificador del usuario
                 */
                idUsuario: number | null;
                /** @description Rol del usuario: ADMIN, PSICOLOGO, PACIENTE o AUDITOR */
                rol: string | null;
            };
            /** @description Datos del evento (los borrados aparecen como null) */
            data: Record<string, never>;
            /** @description Campos de data borrados (borrado criptográfico) */
            erased: string[];
        };
        AccesoExpediente: {
            /**
             * Format: int32
             * @description Identificador del acceso registrado
             */
            idAcceso: number;
            /**
             * Format: int32
             * @description Identificador del usuario
             */
            idUsuario: number | null;
            /**
             * Format: int32
             * @description El cliente FHIR (SMART Backend Services) que leyó; null si fue una persona
             */
            idClienteFhir: number | null;
            /** @description Rol del usuario: ADMIN, PSICOLOGO, PACIENTE o AUDITOR */
            rol: string;
            /**
             * Format: int32
             * @description Identificador del paciente
             */
            idPaciente: number;
            /** @description Parte del expediente leída */
            recurso: string;
            /** @description Método HTTP de la lectura */
            metodo: string;
            /** @description Ruta HTTP de la lectura */
            ruta: string;
            /**
             * @description Momento de la lectura, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            accedidoEn: string;
        };
        PruebaInclusion: {
            /** Format: int32 */
            leafIndex: number;
            /** Format: int32 */
            treeSize: number;
            /** @description Los bytes de la hoja (formato practice.audit.leaf/v1), en base64 */
            leaf: string;
            /** @description La ruta de inclusión de RFC 9162 §2.1.3, de la hoja a la raíz */
            hashes: string[];
        };
        PruebaConsistencia: {
            /** Format: int32 */
            from: number;
            /** Format: int32 */
            to: number;
            /** @description La prueba de consistencia de RFC 9162 §2.1.4 */
            hashes: string[];
        };
        Mensaje: {
            /**
             * Format: int32
             * @description Identificador del mensaje
             */
            idMensaje: number;
            /**
             * Format: int32
             * @description idUsuario del remitente
             */
            senderId: number;
            /**
             * Format: int32
             * @description idUsuario del destinatario
             */
            receiverId: number;
            /**
             * Format: int32
             * @description Identificador de la cita
             */
            idCita: number | null;
            /** @description null once the text was erased (crypto-shredding) */
            mensaje: string | null;
            /**
             * @description Momento del envío, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            enviadoEn: string;
            /** @description Si el destinatario lo leyó */
            leido: boolean;
        };
        MensajeEnvio: {
            /**
             * Format: int32
             * @description idUsuario of the receiver
             */
            receiverId: number;
            /**
             * @description Texto del mensaje (null si se borró: borrado criptográfico)
             * @example Hola, ¿podemos cambiar la cita del jueves?
             */
            mensaje: string;
            /**
             * Format: int32
             * @description Identificador de la cita
             */
            idCita?: number | null;
        };
        PsicologoDirectorio: {
            /**
             * Format: int32
             * @description Identificador del psicólogo
             */
            idPsicologo: number;
            /** @description Nombre */
            nombre: string;
            /** @description Apellidos */
            apellido: string;
            /** @description Especialidad clínica */
            especialidad: string | null;
            /**
             * Format: int32
             * @description Años de experiencia (0 a 80)
             */
            experiencia: number;
            /** @description Descripción en texto libre */
            descripcion: string | null;
            /** @description Ruta de la foto de perfil (GET /files/{name}); null si no hay foto */
            fotoPerfilUrl: string | null;
            /** @description Modalidades de cita que ofrece: PRESENCIAL, ONLINE o las dos (docs/care.md) */
            modalidades: ("PRESENCIAL" | "ONLINE")[];
        };
        FeedCalendario: {
            /**
             * @description URL absoluta del feed iCalendar (con el secreto); se muestra solo ahora. Empieza por PUBLIC_BASE_URL si el servidor la tiene; si no, por el esquema y el host de la petición (tras un proxy de confianza, TRUST_PROXY, los de X-Forwarded-Proto y X-Forwarded-Host)
             * @example https://consulta.example.com/calendario/q1w2e3r4t5y6u7i8o9p0aZq1w2e3r4t5y6u7i8o9p0a.ics
             */
            url: string;
            /**
             * @description La ruta del feed en este servidor, sin esquema, host ni el prefijo de PUBLIC_BASE_URL
             * @example /calendario/q1w2e3r4t5y6u7i8o9p0aZq1w2e3r4t5y6u7i8o9p0a.ics
             */
            ruta: string;
        };
        /** @description Una clave pública JWK (RFC 7517): EC P-384 (ES384) o RSA de 2048 bits o más (RS384). Los demás miembros públicos se descartan; una clave con miembros privados (d, p, q...) se rechaza */
        JwkPublica: {
            /** @enum {string} */
            kty: "EC" | "RSA";
            kid: string;
            /** @enum {string} */
            alg?: "ES384" | "RS384";
            /** @enum {string} */
            use?: "sig";
            /** @enum {string} */
            crv?: "P-384";
            x?: string;
            y?: string;
            n?: string;
            e?: string;
        } & {
            [key: string]: unknown;
        };
        ClienteFhirDatos: {
            /**
             * @description Nombre del sistema cliente (p. ej. la exportación de una historia clínica electrónica)
             * @example Ana
             */
            nombre: string;
            /** @description El JWK Set público del cliente; cada kid, distinto */
            jwks: {
                keys: components["schemas"]["JwkPublica"][];
            };
            /** @description Ámbitos que se le pueden conceder; por defecto ["system/*.read"] */
            scopes?: ("system/*.read" | "system/*.rs" | "system/Patient.read" | "system/Patient.rs" | "system/Practitioner.read" | "system/Practitioner.rs" | "system/PractitionerRole.read" | "system/PractitionerRole.rs" | "system/Schedule.read" | "system/Schedule.rs" | "system/Slot.read" | "system/Slot.rs" | "system/Appointment.read" | "system/Appointment.rs" | "system/Encounter.read" | "system/Encounter.rs" | "system/DocumentReference.read" | "system/DocumentReference.rs" | "system/Condition.read" | "system/Condition.rs" | "system/CarePlan.read" | "system/CarePlan.rs" | "system/Observation.read" | "system/Observation.rs" | "system/Questionnaire.read" | "system/Questionnaire.rs" | "system/QuestionnaireResponse.read" | "system/QuestionnaireResponse.rs" | "system/Communication.read" | "system/Communication.rs" | "system/ChargeItem.read" | "system/ChargeItem.rs" | "system/Invoice.read" | "system/Invoice.rs" | "system/Provenance.read" | "system/Provenance.rs" | "system/Group.read" | "system/Group.rs")[];
        };
        ClienteFhirRegistrado: {
            /**
             * Format: int32
             * @description Identificador del cliente FHIR
             */
            idCliente: number;
            /**
             * @description El client_id de OAuth: iss y sub de las aserciones del cliente
             * @example 3f2a9c0d5b7e41a8c6d2e9f0a1b3c4d5
             */
            clientId: string;
            /** @description Nombre del sistema cliente */
            nombre: string;
            /** @description Ámbitos SMART que se le pueden conceder */
            scopes: ("system/*.read" | "system/*.rs" | "system/Patient.read" | "system/Patient.rs" | "system/Practitioner.read" | "system/Practitioner.rs" | "system/PractitionerRole.read" | "system/PractitionerRole.rs" | "system/Schedule.read" | "system/Schedule.rs" | "system/Slot.read" | "system/Slot.rs" | "system/Appointment.read" | "system/Appointment.rs" | "system/Encounter.read" | "system/Encounter.rs" | "system/DocumentReference.read" | "system/DocumentReference.rs" | "system/Condition.read" | "system/Condition.rs" | "system/CarePlan.read" | "system/CarePlan.rs" | "system/Observation.read" | "system/Observation.rs" | "system/Questionnaire.read" | "system/Questionnaire.rs" | "system/QuestionnaireResponse.read" | "system/QuestionnaireResponse.rs" | "system/Communication.read" | "system/Communication.rs" | "system/ChargeItem.read" | "system/ChargeItem.rs" | "system/Invoice.read" | "system/Invoice.rs" | "system/Provenance.read" | "system/Provenance.rs" | "system/Group.read" | "system/Group.rs")[];
            /** @description false una vez revocado: sus tokens ya no valen */
            activo: boolean;
            /**
             * @description Cuándo se registró, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            registradoEn: string;
            /**
             * @description El token endpoint: el aud de sus aserciones
             * @example https://consulta.example.com/fhir/R4/auth/token
             */
            tokenUrl: string;
        };
        ClienteFhir: {
            /**
             * Format: int32
             * @description Identificador del cliente FHIR
             */
            idCliente: number;
            /**
             * @description El client_id de OAuth: iss y sub de las aserciones del cliente
             * @example 3f2a9c0d5b7e41a8c6d2e9f0a1b3c4d5
             */
            clientId: string;
            /** @description Nombre del sistema cliente */
            nombre: string;
            /** @description Ámbitos SMART que se le pueden conceder */
            scopes: ("system/*.read" | "system/*.rs" | "system/Patient.read" | "system/Patient.rs" | "system/Practitioner.read" | "system/Practitioner.rs" | "system/PractitionerRole.read" | "system/PractitionerRole.rs" | "system/Schedule.read" | "system/Schedule.rs" | "system/Slot.read" | "system/Slot.rs" | "system/Appointment.read" | "system/Appointment.rs" | "system/Encounter.read" | "system/Encounter.rs" | "system/DocumentReference.read" | "system/DocumentReference.rs" | "system/Condition.read" | "system/Condition.rs" | "system/CarePlan.read" | "system/CarePlan.rs" | "system/Observation.read" | "system/Observation.rs" | "system/Questionnaire.read" | "system/Questionnaire.rs" | "system/QuestionnaireResponse.read" | "system/QuestionnaireResponse.rs" | "system/Communication.read" | "system/Communication.rs" | "system/ChargeItem.read" | "system/ChargeItem.rs" | "system/Invoice.read" | "system/Invoice.rs" | "system/Provenance.read" | "system/Provenance.rs" | "system/Group.read" | "system/Group.rs")[];
            /** @description false una vez revocado: sus tokens ya no valen */
            activo: boolean;
            /**
             * @description Cuándo se registró, hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona
             * @example 2026-03-14T10:30:00
             */
            registradoEn: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Credenciales"];
            };
        };
        responses: {
            /** @description Sesión */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginRespuesta"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Contraseña incorrecta o usuario dado de baja */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    registerPaciente: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegistroPaciente"];
            };
        };
        responses: {
            /** @description Sesión del paciente registrado */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginRespuesta"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    registerAdmin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegistroAdmin"];
            };
        };
        responses: {
            /** @description Sesión del administrador registrado */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginRespuesta"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    registerAuditor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegistroAdmin"];
            };
        };
        responses: {
            /** @description Sesión del auditor registrado */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginRespuesta"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    registerPsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegistroPsicologo"];
            };
        };
        responses: {
            /** @description Sesión del psicólogo registrado */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginRespuesta"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAdmins: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Administradores */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Administrador"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAuditores: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Auditores */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Auditor"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deactivatePaciente: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Confirmación */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPacientes: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Pacientes por idPaciente */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Paciente"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPaciente: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PacienteCrear"];
            };
        };
        responses: {
            /** @description Paciente creado */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Paciente"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaciente: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Paciente */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Paciente"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updatePaciente: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PacienteCambio"];
            };
        };
        responses: {
            /** @description Paciente actualizado */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Paciente"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePaciente: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Paciente eliminado */
            204: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportPaciente: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Datos del paciente */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportacionPaciente"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    assignPsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AsignacionPsicologo"];
            };
        };
        responses: {
            /** @description Asignado */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": true;
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getHorarioLaboral: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Horario laboral */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HorarioLaboral"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putHorarioLaboral: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["HorarioLaboralDefinir"];
            };
        };
        responses: {
            /** @description Horario definido */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HorarioLaboral"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getHorarioLaboralPsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Horario laboral */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HorarioLaboral"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDisponibilidad: {
        parameters: {
            query: {
                /** @description Primer día (AAAA-MM-DD, zona de la consulta), incluido */
                desde: string;
                /** @description Último día incluido; como mucho 31 días en total desde desde */
                hasta: string;
                /** @description Duración de la cita en minutos, de 1 a 480 (por defecto 50) */
                duracion?: number;
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Huecos libres, por startDatetime */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HuecoLibre"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSalaCita: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description El enlace de esta persona y su ventana */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SalaCita"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cita PRESENCIAL, CANCELADA o COMPLETADA; fuera de su ventana (antes: el mensaje dice cuándo abre, y Retry-After cuántos segundos faltan; después: cerrada); o el servidor sin JITSI_* */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getModalidadesPsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Mis modalidades */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModalidadesPsicologo"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateModalidadesPsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ModalidadesPsicologo"];
            };
        };
        responses: {
            /** @description Mis modalidades */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModalidadesPsicologo"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPsicologos: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Psicólogos, por idPsicologo */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Psicologo"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PsicologoCrear"];
            };
        };
        responses: {
            /** @description Psicólogo creado */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PsicologoPerfil"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMisPacientes: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Pacientes activos asignados, por idPaciente */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PacienteDePsicologo"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPsicologoDePaciente: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Datos profesionales del psicólogo */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PsicologoPublico"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPsicologoPerfil: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Psicólogo con fotoPerfilUrl */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PsicologoPerfil"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updatePsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PsicologoCambio"];
            };
        };
        responses: {
            /** @description Perfil actualizado */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PsicologoPerfil"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Eliminado */
            204: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadPsicologoFoto: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["FotoPerfilSubida"];
            };
        };
        responses: {
            /** @description Perfil con la nueva fotoPerfilUrl */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PsicologoPerfil"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getArchivo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Nombre del archivo tal como aparece en fotoPerfilUrl */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description El archivo */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/*": string;
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPsicologosAdmin: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Psicólogos, por idPsicologo */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PsicologoResumen"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPsicologoAdmin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PsicologoCrear"];
            };
        };
        responses: {
            /** @description Psicólogo creado */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PsicologoPerfil"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPsicologosConPacientes: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cada psicólogo con sus pacientes activos */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PsicologoConPacientes"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updatePsicologoAdmin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PsicologoCambio"];
            };
        };
        responses: {
            /** @description Perfil actualizado */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PsicologoPerfil"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePsicologoAdmin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Eliminado */
            204: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDirecciones: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Direcciones, por idDireccion */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Direccion"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createDireccion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DireccionCrear"];
            };
        };
        responses: {
            /** @description Dirección creada */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Direccion"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDireccion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Dirección */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Direccion"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteDireccion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Dirección eliminada */
            204: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDireccionesPsicologo: {
        parameters: {
            query: {
                /** @description Identificador del paciente (entero de 1 a 2147483647) */
                idPaciente: number;
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Direcciones, por idDireccion */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Direccion"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDireccionesAdmin: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Direcciones, por idDireccion */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Direccion"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSituaciones: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Situaciones activas, por idSituacion */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Situacion"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSituacionesAdmin: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Todas las situaciones, por idSituacion */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Situacion"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSituacion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SituacionDatos"];
            };
        };
        responses: {
            /** @description Situación creada */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Situacion"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateSituacion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SituacionDatos"];
            };
        };
        responses: {
            /** @description Situación modificada */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Situacion"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteSituacion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Situación eliminada */
            204: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listServicios: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Servicios activos, por idServicio */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Servicio"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listServiciosAdmin: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Servicios, por idServicio */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Servicio"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createServicio: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ServicioDatos"];
            };
        };
        responses: {
            /** @description Servicio creado */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Servicio"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateServicio: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ServicioDatos"];
            };
        };
        responses: {
            /** @description Servicio modificado */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Servicio"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deactivateServicio: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Servicio desactivado */
            204: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTarifasPsicologoAdmin: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Precios propios, por idServicio */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TarifaPsicologo"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setTarifaPsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
                /** @description Identificador del servicio (entero de 1 a 2147483647) */
                idServicio: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TarifaPsicologoDatos"];
            };
        };
        responses: {
            /** @description Precio fijado */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TarifaPsicologo"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteTarifaPsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
                /** @description Identificador del servicio (entero de 1 a 2147483647) */
                idServicio: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Precio propio quitado */
            204: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMisTarifas: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Mis precios propios, por idServicio (los demás servicios, a su precio) */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TarifaPsicologo"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTarifaPaciente: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Tarifa del paciente */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TarifaPaciente"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setTarifaPaciente: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TarifaPacienteDatos"];
            };
        };
        responses: {
            /** @description Tarifa fijada */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TarifaPaciente"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteTarifaPaciente: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Tarifa quitada: rige el precio del servicio */
            204: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPrecioSesion: {
        parameters: {
            query: {
                /** @description Identificador del paciente (entero de 1 a 2147483647) */
                idPaciente: number;
                /** @description Psicólogo que da la sesión; por defecto, el asignado al paciente */
                idPsicologo?: number;
                /** @description Duración de la cita en minutos: elige el servicio por defecto de esa duración */
                duracionMinutos?: number;
                /** @description Servicio de la sesión (si se da, manda sobre duracionMinutos) */
                idServicio?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Precio de la sesión y de dónde sale */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PrecioSesion"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAjustesFacturacion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ajustes de facturación */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AjustesFacturacion"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setAjustesFacturacion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AjustesFacturacionDatos"];
            };
        };
        responses: {
            /** @description Ajustes fijados */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AjustesFacturacion"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDatosFiscalesPsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Datos fiscales */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DatosFiscales"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setDatosFiscalesPsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DatosFiscales"];
            };
        };
        responses: {
            /** @description Datos fiscales fijados */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DatosFiscales"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFacturas: {
        parameters: {
            query?: {
                /** @description Solo las de este paciente */
                idPaciente?: number;
                /** @description Solo las de los pacientes de este psicólogo o emitidas por él */
                idPsicologo?: number;
                /** @description Solo las de este año (fecha de expedición) */
                anio?: number;
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Facturas, por idFactura */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Factura"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createFactura: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FacturaDatos"];
            };
        };
        responses: {
            /** @description Factura emitida */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Factura"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    anularFactura: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AnulacionFacturaDatos"];
            };
        };
        responses: {
            /** @description Factura anulada */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Factura"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rectificarFactura: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RectificacionFacturaDatos"];
            };
        };
        responses: {
            /** @description Factura rectificativa emitida */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Factura"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFacturasPaciente: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Facturas, por idFactura */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Factura"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFactura: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description La factura */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Factura"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFacturaPdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description El PDF */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRegistrosFacturacion: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Registros, por idRegistro */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegistroAeat"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCargos: {
        parameters: {
            query?: {
                /** @description Solo los de este paciente */
                idPaciente?: number;
                /** @description Solo los de las citas de este psicólogo */
                idPsicologo?: number;
                /** @description Solo los de este estado */
                estado?: "PENDIENTE_FACTURAR" | "FACTURADO" | "CUBIERTO_BONO";
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cargos, por idCargo */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cargo"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCargosPaciente: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cargos, por idCargo */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cargo"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInformeIngresos: {
        parameters: {
            query: {
                /** @description Primer mes (AAAA-MM) de la fecha de expedición, incluido */
                desde: string;
                /** @description Último mes (AAAA-MM), incluido */
                hasta: string;
                /** @description json (por defecto, o csv si Accept empieza por text/csv) o csv */
                formato?: "json" | "csv";
                /** @description Solo las facturas de este psicólogo */
                idPsicologo?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ingresos por mes y psicólogo */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InformeIngresos"];
                    "text/csv": string;
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMisIngresos: {
        parameters: {
            query: {
                /** @description Primer mes (AAAA-MM) de la fecha de expedición, incluido */
                desde: string;
                /** @description Último mes (AAAA-MM), incluido */
                hasta: string;
                /** @description json (por defecto, o csv si Accept empieza por text/csv) o csv */
                formato?: "json" | "csv";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ingresos por mes y psicólogo */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InformeIngresos"];
                    "text/csv": string;
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportFacturasCsv: {
        parameters: {
            query?: {
                /** @description Solo las de este paciente */
                idPaciente?: number;
                /** @description Solo las de los pacientes de este psicólogo o emitidas por él */
                idPsicologo?: number;
                /** @description Solo las de este año (fecha de expedición) */
                anio?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV de facturas */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    pagarFacturaOnline: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sesión creada: lleve al paciente a `url` */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SesionPagoOnline"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhookStripe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Evento recibido */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookStripeRecibido"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPagosFactura: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Pagos, por idPago */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pago"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPago: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PagoDatos"];
            };
        };
        responses: {
            /** @description Pago registrado */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pago"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPagosPaciente: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Pagos, por idPago */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pago"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSaldoPaciente: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Saldo */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SaldoPaciente"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reembolsarPago: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReembolsoDatos"];
            };
        };
        responses: {
            /** @description El pago, con lo reembolsado */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pago"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSaldosPendientes: {
        parameters: {
            query?: {
                /** @description json (por defecto, o csv si Accept empieza por text/csv) o csv */
                formato?: "json" | "csv";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Saldos pendientes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InformeSaldosPendientes"];
                    "text/csv": string;
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBonosPaciente: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Bonos, por idBono */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bono"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    venderBono: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BonoDatos"];
            };
        };
        responses: {
            /** @description Bono vendido */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bono"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    facturarMes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FacturacionMensualDatos"];
            };
        };
        responses: {
            /** @description Facturas emitidas y pacientes omitidos */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FacturacionMensual"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAjustes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ajustes; idAjuste es null hasta el primer cambio */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ajustes"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateAjustes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AjustesCambio"];
            };
        };
        responses: {
            /** @description Ajustes actualizados */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ajustes"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAjustesAdmin: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ajustes, por idAjuste */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ajustes"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    registerDispositivo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DispositivoRegistro"];
            };
        };
        responses: {
            /** @description El token ya estaba registrado para este usuario */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dispositivo"];
                };
            };
            /** @description Token registrado */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dispositivo"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteDispositivo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Token de notificaciones push registrado por el usuario */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Token eliminado */
            204: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCitas: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Citas, por idCita */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cita"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCita: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CitaCrear"];
            };
        };
        responses: {
            /** @description Cita creada */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cita"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto: se solapa con otra cita o un bloqueo del psicólogo, o con otra cita del paciente, o faltan consentimientos informados por firmar (el mensaje nombra cada documento y su versión; docs/care.md); o supera un límite del paciente: PATIENT_MAX_FUTURE_APPOINTMENTS (citas futuras pedidas por él, en total), PATIENT_MAX_FUTURE_APPOINTMENTS_PER_PSYCHOLOGIST (con un mismo psicólogo), PATIENT_MAX_FUTURE_APPOINTMENTS_UNASSIGNED (con psicólogos que no tiene asignados, en total) o PATIENT_MAX_APPOINTMENT_MINUTES (duración). El mensaje nombra la regla o la variable (ver docs/limits.md); o un cambio concurrente (reintentar) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCita: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cita */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cita"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateCita: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CitaCambio"];
            };
        };
        responses: {
            /** @description Cita modificada */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cita"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto: la nueva hora se solapa con otra cita o un bloqueo del psicólogo, o con otra cita del paciente, o la cita ya no se puede cambiar; o supera un límite del paciente: PATIENT_MAX_FUTURE_APPOINTMENTS (citas futuras pedidas por él, en total), PATIENT_MAX_FUTURE_APPOINTMENTS_PER_PSYCHOLOGIST (con un mismo psicólogo), PATIENT_MAX_FUTURE_APPOINTMENTS_UNASSIGNED (con psicólogos que no tiene asignados, en total) o PATIENT_MAX_APPOINTMENT_MINUTES (duración). El mensaje nombra la regla o la variable (ver docs/limits.md); o un cambio concurrente (reintentar) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelCita: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cita cancelada */
            204: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPacienteAgenda: {
        parameters: {
            query?: {
                /** @description Mes AAAA-MM entre 1900-01 y 2100-12; sin él, el mes en curso en la zona de la consulta */
                month?: string;
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path: {
                /** @description Identificador del paciente (entero de 1 a 2147483647) */
                idPaciente: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Entradas por fecha y horaInicio */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgendaEntrada"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCitasPsicologo: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Citas, por idCita */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cita"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCitaPsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cita */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cita"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateCitaEstado: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CitaCambioEstado"];
            };
        };
        responses: {
            /** @description Cita con su nuevo estado */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cita"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCitasAdmin: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Citas, por idCita */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cita"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCitaAdmin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cita */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cita"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSerieCitas: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SerieCitasCrear"];
            };
        };
        responses: {
            /** @description Serie reservada: todas sus citas, PENDIENTE */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SerieCitas"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto: alguna fecha no se puede reservar (el mensaje nombra cada una), el psicólogo no es el asignado al paciente, o faltan consentimientos informados por firmar; o supera un límite del paciente: PATIENT_MAX_FUTURE_APPOINTMENTS (citas futuras pedidas por él, en total), PATIENT_MAX_FUTURE_APPOINTMENTS_PER_PSYCHOLOGIST (con un mismo psicólogo), PATIENT_MAX_FUTURE_APPOINTMENTS_UNASSIGNED (con psicólogos que no tiene asignados, en total) o PATIENT_MAX_APPOINTMENT_MINUTES (duración). El mensaje nombra la regla o la variable (ver docs/limits.md); o un cambio concurrente (reintentar) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSerieCitasPsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SerieCitasCrearPsicologo"];
            };
        };
        responses: {
            /** @description Serie reservada: todas sus citas, PENDIENTE */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SerieCitas"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Alguna fecha no se puede reservar (el mensaje nombra cada una), o al paciente le faltan consentimientos informados por firmar (el mensaje nombra cada documento) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSerieCitas: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Citas de la serie */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cita"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelSerieCitas: {
        parameters: {
            query?: {
                /** @description Primer día (AAAA-MM-DD, hora local) cuyas citas se cancelan; sin él, desde hoy */
                desde?: string;
            };
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Resto de la serie cancelado */
            204: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSerieCitasPsicologo: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Citas de la serie */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cita"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelSerieCitasPsicologo: {
        parameters: {
            query?: {
                /** @description Primer día (AAAA-MM-DD, hora local) cuyas citas se cancelan; sin él, desde hoy */
                desde?: string;
            };
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Resto de la serie cancelado */
            204: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listListaEspera: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Entradas, en el orden en que se unieron */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EntradaListaEspera"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    joinListaEspera: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ListaEsperaUnirse"];
            };
        };
        responses: {
            /** @description Entrada creada, ACTIVA */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EntradaListaEspera"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    leaveListaEspera: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Entrada abandonada */
            204: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listListaEsperaPsicologo: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Entradas, en el orden en que se unieron */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EntradaListaEspera"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPsicologoAgenda: {
        parameters: {
            query?: {
                /** @description Mes AAAA-MM entre 1900-01 y 2100-12; sin él, el mes en curso en la zona de la consulta */
                month?: string;
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Entradas por fecha y horaInicio */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgendaEntrada"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBloqueos: {
        parameters: {
            query?: {
                /** @description Mes AAAA-MM entre 1900-01 y 2100-12; sin él, el mes en curso en la zona de la consulta */
                month?: string;
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Bloqueos */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bloqueo"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createBloqueo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BloqueoCrear"];
            };
        };
        responses: {
            /** @description Bloqueo creado */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bloqueo"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteBloqueo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Bloqueo eliminado */
            204: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSesiones: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sesiones, por idSesion */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sesion"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSesion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SesionCrear"];
            };
        };
        responses: {
            /** @description Sesión registrada */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sesion"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSesion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sesión */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sesion"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteSesion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sesión eliminada */
            204: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSesionesPsicologo: {
        parameters: {
            query?: {
                /** @description Identificador del paciente (entero de 1 a 2147483647) */
                idPaciente?: number;
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sesiones, por idSesion */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sesion"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSesionPsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SesionCrearPsicologo"];
            };
        };
        responses: {
            /** @description Sesión registrada */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sesion"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSesionPsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sesión */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sesion"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSesionesAdmin: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sesiones, por idSesion */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sesion"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listHistorial: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Registros, por idHistory */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Historial"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createHistorial: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["HistorialDatos"];
            };
        };
        responses: {
            /** @description Registro creado */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Historial"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getHistorial: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Registro */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Historial"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateHistorial: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["HistorialDatos"];
            };
        };
        responses: {
            /** @description Registro corregido */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Historial"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteHistorial: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Registro eliminado */
            204: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listHistorialPsicologo: {
        parameters: {
            query: {
                /** @description Identificador del paciente (entero de 1 a 2147483647) */
                idPaciente: number;
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Registros, por idHistory */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Historial"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createHistorialPsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["HistorialCrearPsicologo"];
            };
        };
        responses: {
            /** @description Registro creado */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Historial"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateHistorialPsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["HistorialDatos"];
            };
        };
        responses: {
            /** @description Registro corregido */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Historial"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteHistorialPsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Registro eliminado */
            204: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listHistorialAdmin: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Registros, por idHistory */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Historial"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signSesionPsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FirmaCrear"];
            };
        };
        responses: {
            /** @description Sesión firmada, con su firma */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sesion"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sin token válido, o contraseña incorrecta (el token sigue siendo válido; cuenta como inicio de sesión fallido) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description La sesión no existe o no es de un paciente suyo */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El registro ya está firmado, no lo escribió quien firma, no está firmado (adendas), está anulado, o cambió mientras se firmaba */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones, o cuenta bloqueada por contraseñas incorrectas (ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addAdendaSesionPsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdendaCrear"];
            };
        };
        responses: {
            /** @description Sesión con la adenda añadida al final de adendas */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sesion"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sin token válido, o contraseña incorrecta (el token sigue siendo válido; cuenta como inicio de sesión fallido) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description La sesión no existe o no es de un paciente suyo */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El registro ya está firmado, no lo escribió quien firma, no está firmado (adendas), está anulado, o cambió mientras se firmaba */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones, o cuenta bloqueada por contraseñas incorrectas (ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signHistorialPsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FirmaCrear"];
            };
        };
        responses: {
            /** @description Registro firmado, con su firma */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Historial"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sin token válido, o contraseña incorrecta (el token sigue siendo válido; cuenta como inicio de sesión fallido) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El registro no existe o no es de un paciente suyo */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El registro ya está firmado, no lo escribió quien firma, no está firmado (adendas), está anulado, o cambió mientras se firmaba */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones, o cuenta bloqueada por contraseñas incorrectas (ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addAdendaHistorialPsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdendaCrear"];
            };
        };
        responses: {
            /** @description Registro con la adenda añadida al final de adendas */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Historial"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sin token válido, o contraseña incorrecta (el token sigue siendo válido; cuenta como inicio de sesión fallido) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El registro no existe o no es de un paciente suyo */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El registro ya está firmado, no lo escribió quien firma, no está firmado (adendas), está anulado, o cambió mientras se firmaba */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones, o cuenta bloqueada por contraseñas incorrectas (ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDiario: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Entradas, por idDiario */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiarioEntrada"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createDiario: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DiarioEntradaCrear"];
            };
        };
        responses: {
            /** @description Entrada creada */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiarioEntrada"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDiario: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Entrada */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiarioEntrada"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteDiario: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Entrada eliminada */
            204: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDiarioPsicologo: {
        parameters: {
            query: {
                /** @description Identificador del paciente (entero de 1 a 2147483647) */
                idPaciente: number;
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Entradas, por idDiario */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiarioEntrada"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDiarioAdmin: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Entradas, por idDiario */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiarioEntrada"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listInstrumentos: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Instrumentos, por código */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstrumentoResumen"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInstrumento: {
        parameters: {
            query?: {
                /** @description Idioma de los textos (es por defecto) */
                idioma?: "es" | "en";
            };
            header?: never;
            path: {
                /** @description Código del instrumento tal como lo da GET /api/instrumentos (PHQ-9, GAD-7...) */
                codigo: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description El instrumento en el idioma pedido */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Instrumento"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCuestionariosPendientes: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solicitudes pendientes, por idSolicitud */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SolicitudCuestionario"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createRespuestaCuestionario: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Código del instrumento tal como lo da GET /api/instrumentos (PHQ-9, GAD-7...) */
                codigo: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RespuestaCuestionarioCrear"];
            };
        };
        responses: {
            /** @description Respuesta guardada y puntuada; con alertaSeguridad, ayudaUrgente dice dónde pedir ayuda */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RespuestaCuestionarioCreada"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMisRespuestasCuestionario: {
        parameters: {
            query?: {
                /** @description Código del instrumento (PHQ-9, GAD-7...; GET /api/instrumentos) */
                instrumento?: string;
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Respuestas puntuadas */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RespuestaCuestionario"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMisPuntuaciones: {
        parameters: {
            query: {
                /** @description Código del instrumento (PHQ-9, GAD-7...; GET /api/instrumentos) */
                instrumento: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Serie de puntuaciones con las bandas del instrumento */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SeriePuntuaciones"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAsignacionesCuestionario: {
        parameters: {
            query: {
                /** @description Identificador del paciente (entero de 1 a 2147483647) */
                idPaciente: number;
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Asignaciones, por idAsignacion */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AsignacionCuestionario"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createAsignacionCuestionario: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AsignacionCuestionarioCrear"];
            };
        };
        responses: {
            /** @description Asignación creada */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AsignacionCuestionario"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    finalizarAsignacionCuestionario: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Asignación finalizada */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AsignacionCuestionario"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPuntuacionesPaciente: {
        parameters: {
            query: {
                /** @description Identificador del paciente (entero de 1 a 2147483647) */
                idPaciente: number;
                /** @description Código del instrumento (PHQ-9, GAD-7...) */
                instrumento: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Serie de puntuaciones con las bandas del instrumento */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SeriePuntuaciones"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPuntuacionesPacienteAdmin: {
        parameters: {
            query: {
                /** @description Identificador del paciente (entero de 1 a 2147483647) */
                idPaciente: number;
                /** @description Código del instrumento (PHQ-9, GAD-7...) */
                instrumento: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Serie de puntuaciones con las bandas del instrumento */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SeriePuntuaciones"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getResumenCuestionarios: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Una fila por paciente e instrumento, por idPaciente e instrumento */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResumenCuestionarios"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAlertasSeguridad: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alertas abiertas, por idRespuesta */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertaSeguridad"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reconocerAlertaSeguridad: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alerta reconocida */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertaSeguridad"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDocumentosConsentimiento: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Un elemento por tipo (TRATAMIENTO, DATOS, ONLINE) */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TipoDocumentoConsentimiento"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDocumentoConsentimiento: {
        parameters: {
            query: {
                /** @description Tipo de documento: TRATAMIENTO, DATOS u ONLINE */
                tipo: "TRATAMIENTO" | "DATOS" | "ONLINE";
                /** @description Versión (por defecto, la vigente) */
                version?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description La versión */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentoConsentimiento"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Ese tipo no tiene esa versión (o ninguna publicada) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    publishDocumentoConsentimiento: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DocumentoConsentimientoCrear"];
            };
        };
        responses: {
            /** @description Versión publicada */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentoConsentimiento"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setConsentimientosRequeridos: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsentimientosRequeridos"];
            };
        };
        responses: {
            /** @description Los documentos, con requerido al día */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TipoDocumentoConsentimiento"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Un tipo sin ninguna versión publicada no se puede exigir */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listConsentimientos: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Firmas, de la más antigua a la más reciente */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Consentimiento"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signConsentimiento: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsentimientoFirmar"];
            };
        };
        responses: {
            /** @description Consentimiento firmado */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Consentimiento"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sin token válido, o contraseña incorrecta (el token sigue siendo válido; cuenta como inicio de sesión fallido) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El tipo no tiene ninguna versión publicada */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description La versión no es la vigente, o ya tiene firmada esa versión */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones, o cuenta bloqueada por contraseñas incorrectas (ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    withdrawConsentimiento: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsentimientoRetirar"];
            };
        };
        responses: {
            /** @description La firma retirada */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Consentimiento"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sin token válido, o contraseña incorrecta (el token sigue siendo válido; cuenta como inicio de sesión fallido) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No hay consentimiento vigente de ese tipo */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones, o cuenta bloqueada por contraseñas incorrectas (ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listConsentimientosPsicologo: {
        parameters: {
            query: {
                /** @description Identificador del paciente (entero de 1 a 2147483647) */
                idPaciente: number;
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Firmas del paciente, por número */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Consentimiento"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No es paciente suyo */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAuditoriaConsentimientos: {
        parameters: {
            query?: {
                /** @description Fecha y hora local de la consulta (AAAA-MM-DDTHH:MM[:SS[.sss]]); sin segundos abarca su minuto entero. Por defecto, ahora */
                en?: string;
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Identificador del paciente (entero de 1 a 2147483647) */
                idPaciente: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Un elemento por tipo */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsentimientoEnFecha"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El paciente no consta en el registro */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProgreso: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Registros, por idProgress */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Progreso"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createProgreso: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProgresoCrear"];
            };
        };
        responses: {
            /** @description Registro creado */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Progreso"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getProgresoResumen: {
        parameters: {
            query?: {
                /** @description Primer día incluido (AAAA-MM-DD); sin él, desde el primer registro */
                desde?: string;
                /** @description Último día incluido (AAAA-MM-DD), no anterior a desde; sin él, hasta el último registro */
                hasta?: string;
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Medias semanales (semana = lunes ISO), solo semanas con registros */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProgresoSemana"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProgresoPsicologo: {
        parameters: {
            query: {
                /** @description Identificador del paciente (entero de 1 a 2147483647) */
                idPaciente: number;
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Registros, por idProgress */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Progreso"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getProgresoResumenPsicologo: {
        parameters: {
            query: {
                /** @description Identificador del paciente (entero de 1 a 2147483647) */
                idPaciente: number;
                /** @description Primer día incluido (AAAA-MM-DD); sin él, desde el primer registro */
                desde?: string;
                /** @description Último día incluido (AAAA-MM-DD), no anterior a desde; sin él, hasta el último registro */
                hasta?: string;
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Medias semanales (semana = lunes ISO), solo semanas con registros */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProgresoSemana"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProgresoAdmin: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Registros, por idProgress */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Progreso"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getGraficoDiario: {
        parameters: {
            query?: {
                /** @description svg (image/svg+xml) o png (image/png); sin él, según Accept (SVG por defecto) */
                formato?: "svg" | "png";
                /** @description Primer día del eje de fechas (AAAA-MM-DD); sin él, el del primer punto */
                desde?: string;
                /** @description Último día del eje de fechas (AAAA-MM-DD), no anterior a desde; sin él, el del último punto */
                hasta?: string;
                /** @description Ancho de la imagen en píxeles, de 200 a 2000 (800 por defecto) */
                ancho?: number;
                /** @description Alto de la imagen en píxeles, de 150 a 1500 (400 por defecto) */
                alto?: number;
            };
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description La gráfica (sin datos en el periodo: los ejes y el aviso «Sin datos en este periodo») */
            200: {
                headers: {
                    /** @description private, no-store: datos de salud */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                    "image/png": string;
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getGraficoProgreso: {
        parameters: {
            query?: {
                /** @description svg (image/svg+xml) o png (image/png); sin él, según Accept (SVG por defecto) */
                formato?: "svg" | "png";
                /** @description Primer día del eje de fechas (AAAA-MM-DD); sin él, el del primer punto */
                desde?: string;
                /** @description Último día del eje de fechas (AAAA-MM-DD), no anterior a desde; sin él, el del último punto */
                hasta?: string;
                /** @description Ancho de la imagen en píxeles, de 200 a 2000 (800 por defecto) */
                ancho?: number;
                /** @description Alto de la imagen en píxeles, de 150 a 1500 (400 por defecto) */
                alto?: number;
            };
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description La gráfica (sin datos en el periodo: los ejes y el aviso «Sin datos en este periodo») */
            200: {
                headers: {
                    /** @description private, no-store: datos de salud */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                    "image/png": string;
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getGraficoPuntuaciones: {
        parameters: {
            query: {
                /** @description Código del instrumento (PHQ-9, GAD-7...) */
                instrumento: string;
                /** @description svg (image/svg+xml) o png (image/png); sin él, según Accept (SVG por defecto) */
                formato?: "svg" | "png";
                /** @description Primer día del eje de fechas (AAAA-MM-DD); sin él, el del primer punto */
                desde?: string;
                /** @description Último día del eje de fechas (AAAA-MM-DD), no anterior a desde; sin él, el del último punto */
                hasta?: string;
                /** @description Ancho de la imagen en píxeles, de 200 a 2000 (800 por defecto) */
                ancho?: number;
                /** @description Alto de la imagen en píxeles, de 150 a 1500 (400 por defecto) */
                alto?: number;
            };
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description La gráfica (sin datos en el periodo: los ejes y el aviso «Sin datos en este periodo») */
            200: {
                headers: {
                    /** @description private, no-store: datos de salud */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                    "image/png": string;
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAuditoriaEventos: {
        parameters: {
            query?: {
                /** @description Fecha y hora local de la consulta, incluida entera: sin fracción abarca todo su segundo (HH:MM:SS, como se muestran firmadoEn y occurredAt) o minuto (HH:MM) */
                asOf?: string;
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Identificador del paciente (entero de 1 a 2147483647) */
                idPaciente: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Eventos con actor, hora, tipo y datos abiertos (borrados: null y en erased) */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventoAuditoria"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAuditoriaHistorial: {
        parameters: {
            query?: {
                /** @description Fecha y hora local de la consulta, incluida entera: sin fracción abarca todo su segundo (HH:MM:SS, como se muestran firmadoEn y occurredAt) o minuto (HH:MM) */
                asOf?: string;
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Identificador del paciente (entero de 1 a 2147483647) */
                idPaciente: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Registros vigentes en asOf, por idHistory */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Historial"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAuditoriaAccesos: {
        parameters: {
            query?: {
                /** @description Identificador del paciente (entero de 1 a 2147483647) */
                idPaciente?: number;
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accesos, por idAcceso */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccesoExpediente"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAuditCheckpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description La nota firmada */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAuditKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description La clave (sin salto de línea final) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAuditKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Una clave por línea */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAuditInclusionProof: {
        parameters: {
            query: {
                /** @description Id del evento (UUID) */
                eventId: string;
                /** @description Entero ≥ 1 */
                treeSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description La prueba */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PruebaInclusion"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAuditConsistencyProof: {
        parameters: {
            query: {
                /** @description Entero ≥ 0 */
                from: number;
                /** @description Entero ≥ from */
                to: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description La prueba */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PruebaConsistencia"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMensajes: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Mensajes, por enviadoEn */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Mensaje"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendMensaje: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MensajeEnvio"];
            };
        };
        responses: {
            /** @description Mensaje enviado; se entrega también por /user/queue/messages */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Mensaje"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    markMensajeLeido: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Mensaje leído */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Mensaje"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMensajesPsicologo: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Mensajes, por enviadoEn */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Mensaje"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendMensajePsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MensajeEnvio"];
            };
        };
        responses: {
            /** @description Mensaje enviado; se entrega también por /user/queue/messages */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Mensaje"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    markMensajeLeidoPsicologo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Mensaje leído */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Mensaje"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMensajesAdmin: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Mensajes, por enviadoEn */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Mensaje"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    markMensajeLeidoAdmin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Mensaje leído */
            200: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Mensaje"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDirectorioPsicologos: {
        parameters: {
            query?: {
                /** @description Solo los psicólogos cuya especialidad contiene este texto, sin distinguir mayúsculas (1 a 200 caracteres) */
                especialidad?: string;
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Psicólogos activos con perfil, por idPsicologo */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PsicologoDirectorio"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createFeedCalendario: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Feed creado; la URL anterior, si había, ya no responde */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeedCalendario"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteFeedCalendario: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revocada */
            204: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFeedCalendario: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Secreto del feed de calendario, tal como aparece en la URL que dio POST /api/calendario/feed */
                secreto: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description El calendario (VCALENDAR con un VEVENT por cita) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listClientesFhir: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Clientes FHIR, por idCliente */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClienteFhir"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createClienteFhir: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClienteFhirDatos"];
            };
        };
        responses: {
            /** @description Cliente registrado */
            201: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClienteFhirRegistrado"];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteClienteFhir: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identificador del recurso de la ruta (entero de 1 a 2147483647) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revocado */
            204: {
                headers: {
                    /** @description Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica */
                    "X-Consistency-Token"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cuerpo demasiado grande */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Tipo de contenido no admitido (se espera application/json) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md) */
            429: {
                headers: {
                    /** @description Segundos que esperar antes de reintentar */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMisAccesos: {
        parameters: {
            query?: {
                /** @description Máximo de elementos de la página, entero de 1 a 500 (por defecto 500) */
                limit?: number;
                /** @description Opaco: el que trae la cabecera Link de la página anterior; sin él, la primera página */
                cursor?: string;
            };
            header?: {
                /** @description Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato */
                "X-Consistency-Token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accesos, por idAcceso */
            200: {
                headers: {
                    /** @description Solo si quedan más elementos: `<ruta y consulta con el cursor siguiente>; rel="next"` (RFC 8288) */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccesoExpediente"][];
                };
            };
            /** @description Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Falta el token Bearer, es inválido o ha caducado */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description El recurso no existe o no es visible para este usuario */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Servicio no disponible temporalmente; reintentar más tarde */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
