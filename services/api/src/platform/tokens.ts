/** Injection tokens of the platform's ports. */
export const SQL_CLIENT = Symbol('SQL_CLIENT');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const JOB_QUEUE = Symbol('JOB_QUEUE');
