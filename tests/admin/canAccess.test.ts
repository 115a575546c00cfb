import { describe, expect, it } from 'vitest';
import { canAccess } from '../../src/admin/auth/canAccess';
import { makeUser } from './helpers/users';

const admin = makeUser({ id: 1, role: 'admin' });

describe('canAccess (a pure function of who asks and what)', () => {
  it('lets an admin list, show, create, edit and delete users', () => {
    for (const action of ['list', 'show', 'create', 'edit', 'delete']) {
      expect(canAccess(admin, { action, resource: 'users', record: { id: 7 } })).toBe(true);
    }
  });

  it('refuses everything to visitors and to every customer role', () => {
    expect(canAccess(null, { action: 'list', resource: 'users' })).toBe(false);
    for (const role of ['none', 'user', 'trade'] as const) {
      for (const action of ['list', 'edit', 'delete']) {
        expect(canAccess(makeUser({ role }), { action, resource: 'settings' })).toBe(false);
      }
    }
  });

  it('refuses an admin deleting their own account, but not editing it', () => {
    expect(canAccess(admin, { action: 'delete', resource: 'users', record: { id: 1 } })).toBe(false);
    expect(canAccess(admin, { action: 'edit', resource: 'users', record: { id: 1 } })).toBe(true);
    // Without a record (e.g. the bulk button of a list) the server still checks each one.
    expect(canAccess(admin, { action: 'delete', resource: 'users' })).toBe(true);
  });

  it('offers no create or delete for settings and countries, which exist once and for all', () => {
    for (const resource of ['settings', 'delivery/countries']) {
      expect(canAccess(admin, { action: 'create', resource })).toBe(false);
      expect(canAccess(admin, { action: 'delete', resource, record: { id: 3 } })).toBe(false);
      expect(canAccess(admin, { action: 'list', resource })).toBe(true);
      expect(canAccess(admin, { action: 'edit', resource, record: { id: 3 } })).toBe(true);
    }
  });
});
