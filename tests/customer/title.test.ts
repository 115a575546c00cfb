import { describe, expect, it } from 'vitest';
import { APP_NAME } from '../../src/customer/config';
import { formatTitle, TITLE_SEPARATOR } from '../../src/customer/navigation/title';

describe('formatTitle', () => {
  it('is the page title, a separator, then the application name', () => {
    expect(APP_NAME).toBe('Print Junction Trade');
    expect(TITLE_SEPARATOR).toBe(' | ');
    expect(formatTitle('Update Profile')).toBe('Update Profile | Print Junction Trade');
  });
  it('is the application name alone for a page without a title', () => expect(formatTitle(undefined)).toBe('Print Junction Trade'));
  it('takes another application name', () => expect(formatTitle('Orders', 'Acme Print')).toBe('Orders | Acme Print'));
});
