import { Menu } from 'react-admin';
import { STAFF_AREAS, staffUrl } from '../areas/staffAreas';

/** The staff menu: the dashboard, then every area in the dashboard's order, with the parts already built. */
export function StaffMenu() {
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Dashboard" />
      {STAFF_AREAS.flatMap((area) => [
        <Menu.Item key={area.path} to={staffUrl(area.path)} primaryText={area.name} leftIcon={<area.MenuIcon />} />,
        ...(area.parts ?? []).map((part) => (
          <Menu.Item key={part.path} to={staffUrl(part.path)} primaryText={part.name} leftIcon={<part.MenuIcon />} sx={{ pl: 4 }} />
        )),
      ])}
    </Menu>
  );
}
