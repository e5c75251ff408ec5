import { Role } from './enums';

/**
 * The development identity provider's seeded accounts (services/dev-idp), one per role and one holding
 * several. The api gives each the roles listed when it first logs in (development only: AUTH_DISCOVERY_URL
 * unset). Every password is `DEV_PASSWORD`.
 */
export interface DevAccount {
  username: string;
  /** the stable OIDC subject */
  sub: string;
  email: string;
  firstname: string;
  lastname: string;
  roles: readonly Role[];
}

export const DEV_PASSWORD = 'secret';

export const DEV_ACCOUNTS: readonly DevAccount[] = [
  {
    username: 'applicant',
    sub: 'dev-applicant',
    email: 'alice.applicant@example.org',
    firstname: 'Alice',
    lastname: 'Applicant',
    roles: [Role.USER],
  },
  {
    username: 'coproposer',
    sub: 'dev-coproposer',
    email: 'carl.coproposer@example.org',
    firstname: 'Carl',
    lastname: 'Coproposer',
    roles: [Role.USER],
  },
  {
    username: 'officer',
    sub: 'dev-officer',
    email: 'olivia.officer@example.org',
    firstname: 'Olivia',
    lastname: 'Officer',
    roles: [Role.USER_OFFICER],
  },
  {
    username: 'scientist',
    sub: 'dev-scientist',
    email: 'sam.scientist@example.org',
    firstname: 'Sam',
    lastname: 'Scientist',
    roles: [Role.INSTRUMENT_SCIENTIST],
  },
  {
    username: 'internal',
    sub: 'dev-internal',
    email: 'ivan.internal@example.org',
    firstname: 'Ivan',
    lastname: 'Internal',
    roles: [Role.INTERNAL_REVIEWER],
  },
  {
    username: 'chair',
    sub: 'dev-chair',
    email: 'chris.chair@example.org',
    firstname: 'Chris',
    lastname: 'Chair',
    roles: [Role.FAP_CHAIR],
  },
  {
    username: 'secretary',
    sub: 'dev-secretary',
    email: 'sara.secretary@example.org',
    firstname: 'Sara',
    lastname: 'Secretary',
    roles: [Role.FAP_SECRETARY],
  },
  {
    username: 'reviewer',
    sub: 'dev-reviewer',
    email: 'rita.reviewer@example.org',
    firstname: 'Rita',
    lastname: 'Reviewer',
    roles: [Role.FAP_REVIEWER],
  },
  {
    username: 'safety',
    sub: 'dev-safety',
    email: 'sid.safety@example.org',
    firstname: 'Sid',
    lastname: 'Safety',
    roles: [Role.EXPERIMENT_SAFETY_REVIEWER],
  },
  {
    username: 'multi',
    sub: 'dev-multi',
    email: 'mia.multi@example.org',
    firstname: 'Mia',
    lastname: 'Multi',
    roles: [Role.USER, Role.INSTRUMENT_SCIENTIST, Role.FAP_REVIEWER],
  },
];
