import { array, boolean, number, object, string } from 'yup';
import { Role } from '../enums';
import { emailPattern, searchMinLength } from './common';
import { userMessages } from './messages';

/** texts the spec does not quote, worded like its own */
export const userRuleMessages = {
  firstnameRequired: 'First name is required',
  lastnameRequired: 'Last name is required',
  emailInvalid: 'Please enter a valid email',
  searchTooShort: `Search needs at least ${searchMinLength} characters`,
  rolesRequired: 'A user needs at least one role',
  unknownRole: 'Unknown role',
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
} as const;

const text = (label: string, max = 100) => string().trim().max(max, userRuleMessages.tooLong(label, max));
const email = () =>
  string()
    .trim()
    .lowercase()
    .required(userMessages.enterEmail)
    .matches(emailPattern, userRuleMessages.emailInvalid);

/** updateUser: only the fields given change; names, when given, may not be blank */
export const updateUserSchema = object({
  id: number().integer().required(),
  user_title: text('Title', 50).nullable(),
  username: text('Username').nullable(),
  firstname: text('First name').min(1, userRuleMessages.firstnameRequired).optional(),
  lastname: text('Last name').min(1, userRuleMessages.lastnameRequired).optional(),
  preferredname: text('Preferred name').nullable(),
  gender: text('Gender', 50).nullable(),
  birthdate: string()
    .nullable()
    .matches(/^\d{4}-\d{2}-\d{2}$/, {
      message: 'Birthdate must be a date (yyyy-MM-dd)',
      excludeEmptyString: true,
    }),
  institutionId: number().integer().positive().nullable(),
  department: text('Department', 200).nullable(),
  position: text('Position', 200).nullable(),
  email: string().trim().lowercase().matches(emailPattern, userRuleMessages.emailInvalid).optional(),
  telephone: text('Telephone', 50).nullable(),
  country: number().integer().positive().nullable(),
});

export const updateUserRolesSchema = object({
  id: number().integer().required(),
  roles: array(number().integer().required())
    .required(userRuleMessages.rolesRequired)
    .min(1, userRuleMessages.rolesRequired),
});

export const createUserByEmailInviteSchema = object({
  firstname: string().trim().required(userRuleMessages.firstnameRequired).max(100),
  lastname: string().trim().required(userRuleMessages.lastnameRequired).max(100),
  email: email(),
  userRole: string<Role>()
    .oneOf(Object.values(Role), userRuleMessages.unknownRole)
    .required(userRuleMessages.unknownRole),
});

export const emailLookupSchema = object({ email: email() });

/** a search box: empty, or at least three characters */
export const userSearchSchema = object({
  filter: string()
    .trim()
    .nullable()
    .test('min', userRuleMessages.searchTooShort, (v) => !v || v.length >= searchMinLength),
  first: number().integer().min(1).max(1000).nullable(),
  offset: number().integer().min(0).nullable(),
  subtractUsers: array(number().integer().required()).nullable(),
  placeholder: boolean().nullable(),
});
