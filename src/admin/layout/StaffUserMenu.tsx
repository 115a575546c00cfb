import { Logout, UserMenu, useGetIdentity } from 'react-admin';

/**
 * The account menu, its button named by what it shows (the person's name), so that what sighted
 * users read is what speech users say (WCAG 2.5.3; react-admin names it "Profile" whatever it shows).
 */
export function StaffUserMenu() {
  const { identity } = useGetIdentity();
  return (
    <UserMenu label={identity?.fullName || 'Account'}>
      <Logout />
    </UserMenu>
  );
}
