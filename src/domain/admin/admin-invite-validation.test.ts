import { describe, expect, it } from 'vitest';
import { validateAdminInvite } from './admin-invite-validation';

const invite = { artistName: 'Nova Lane', firstName: 'Ada', surname: 'Lane', email: 'ada@example.com' };

describe('admin invitation', () => {
  it('accepts all required fields without a reason', () => {
    expect(validateAdminInvite(invite)).toEqual({ errors: [] });
  });

  it.each(['artistName', 'firstName', 'surname', 'email'] as const)('requires %s', (field) => {
    const result = validateAdminInvite({ ...invite, [field]: ' ' });
    expect(result.stepMessage).toBe('All fields except invitation reason are required');
    expect(result.errors).toEqual([{ field, message: 'All fields except invitation reason are required' }]);
  });

  it.each(['ada', 'ada@example', 'a b@example.com'])('refuses the e-mail %j', (email) => {
    expect(validateAdminInvite({ ...invite, email })).toEqual({
      errors: [{ field: 'email', message: 'Please enter a valid email address' }],
      stepMessage: 'Please enter a valid email address',
    });
  });
});
