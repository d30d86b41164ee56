/** Admin invitation messages, word for word from spec 001 §5. */
export const ADMIN_INVITE_FIELDS_REQUIRED = 'All fields except invitation reason are required';
