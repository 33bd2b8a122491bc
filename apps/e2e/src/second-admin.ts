/** An admin (the e2e server's ADMIN_EMAILS) who has not turned on the second step: second-step.spec.ts's. */
export const SECOND_ADMIN_EMAIL = 'second.admin@recell.test';
