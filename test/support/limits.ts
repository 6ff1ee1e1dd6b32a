/**
 * Test servers run without the abuse limits (many logins and writes from one address in
 * seconds, many or long appointments booked by one patient); the tests of the limits turn each
 * on through their own env.
 */
export const UNTHROTTLED: Record<string, string> = {
  LOGIN_MAX_FAILURES: '0',
  AUTH_RATE_PER_MINUTE: '0',
  REGISTRATIONS_PER_HOUR: '0',
  WRITES_PER_MINUTE: '0',
  PATIENT_MAX_FUTURE_APPOINTMENTS: '0',
  PATIENT_MAX_FUTURE_APPOINTMENTS_PER_PSYCHOLOGIST: '0',
  PATIENT_MAX_FUTURE_APPOINTMENTS_UNASSIGNED: '0',
  PATIENT_MAX_APPOINTMENT_MINUTES: '600',
  FHIR_SLOT_AGENDA_DAYS_PER_MINUTE: '0',
};
