import { describe, expect, it } from 'vitest';
import { profileSchema, registerSchema } from '../../src/shared/api/accounts';
import { staffUserFields } from '../../src/shared/api/staff-users';
import { EMAIL_MESSAGE, fieldProblem, PHONE_MESSAGE, POSTCODE_MESSAGE } from '../../src/shared/api/fields';
import { orderCreateSchema } from '../../src/shared/api/orders';

/**
 * The forms' side of one rule per contact field: the customer forms run these schemas in the
 * browser (profile, registration, an order's delivery contact), the staff user form its inputs'
 * `fieldProblem` rules; each refuses a field's bad value with the message the server gives.
 */
const person = { firstname: 'Jo', lastname: 'Bloggs', email: 'jo@example.test', address1: '1 Mill Lane', town: 'Leeds', postcode: 'LS1 1AA', country_id: 1 };

const FORMS = {
  profile: (v: Record<string, unknown>) => profileSchema.safeParse({ ...person, ...v }),
  registration: (v: Record<string, unknown>) =>
    registerSchema.safeParse({ ...person, password: 'a long password', password_confirmation: 'a long password', ...v }),
  'order contact': (v: Record<string, unknown>) => orderCreateSchema.safeParse({ ref: '', address: { ...person, ...v } }),
};
const messageOn = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }, field: string) =>
  result.success ? undefined : result.error?.issues.find((i) => i.path.at(-1) === field)?.message;

describe('each contact field: the same message in every form', () => {
  const cases: Array<[field: 'telephone' | 'email' | 'postcode' | 'firstname', bad: string, message: string, good: string]> = [
    ['telephone', 'abc', PHONE_MESSAGE, '0113 496 0000'],
    ['email', 'jo@', EMAIL_MESSAGE, 'jo@example.test'],
    ['postcode', 'LS1 1AA!', POSTCODE_MESSAGE, 'LS11 5QN'],
    ['firstname', '', 'First name is required', 'Jo'],
  ];
  for (const [field, bad, message, good] of cases) {
    it(`${field}`, () => {
      for (const [name, form] of Object.entries(FORMS)) {
        expect(messageOn(form({ [field]: bad }), field), name).toBe(message);
        expect(form({ [field]: good }).success, name).toBe(true);
      }
      expect(fieldProblem(staffUserFields[field], bad), 'staff user form').toBe(message);
      expect(fieldProblem(staffUserFields[field], good), 'staff user form').toBeUndefined();
    });
  }
});
