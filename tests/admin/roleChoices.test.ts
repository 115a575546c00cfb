import { describe, expect, it } from 'vitest';
import { ROLE_LABELS, ROLES } from '../../src/shared/api';
import { ROLE_CHOICES } from '../../src/admin/users/roleChoices';

describe('the role choices of the staff forms and filters', () => {
  it('offer every role of the API once, with its label, customers first and staff last', () => {
    expect(ROLE_CHOICES.map((c) => c.id).sort()).toEqual([...ROLES].sort());
    expect(ROLE_CHOICES.map((c) => c.id)).toEqual(['trade', 'user', 'none', 'admin']);
    for (const choice of ROLE_CHOICES) expect(choice.name).toBe(ROLE_LABELS[choice.id]);
  });
});
