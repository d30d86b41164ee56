/**
 * Field messages the spec leaves unquoted (it only says the fields are required). Kept in one
 * place so the artist step, the waiting list and the contributor dialog word them the same way.
 */
export const FIRST_NAME_REQUIRED = 'First name is required';
export const SURNAME_REQUIRED = 'Surname is required';
export const LAST_NAME_REQUIRED = 'Last name is required';
export const EMAIL_REQUIRED = 'Email is required';
export const ARTIST_NAME_REQUIRED = 'Artist name is required';
export const COUNTRY_REQUIRED = 'Country is required';
export const CITY_REQUIRED = 'City is required';
