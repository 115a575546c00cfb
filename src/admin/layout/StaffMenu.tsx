import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { Menu } from 'react-admin';
import { STAFF_AREAS, staffUrl } from '../staffAreas';
import { MAIL_RESOURCE, failedMailUrl, useFailedMailCount } from '../mail/failedMail';
import { visuallyHidden } from '../../shared/ui/visuallyHidden';

/** The outbox's entry: with a red count of failed messages when there are any, leading straight to them. */
function MailOutboxItem({ name, Icon }: { name: string; Icon: (typeof STAFF_AREAS)[number]['MenuIcon'] }) {
  const failed = useFailedMailCount();
  return (
    <Menu.Item
      to={failed ? failedMailUrl() : staffUrl(MAIL_RESOURCE)}
      primaryText={
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          {name}
          {failed ? (
            // The number shows; the words are for screen readers ("Mail outbox, 2 failed").
            <Chip
              component="span"
              size="small"
              color="error"
              label={
                <>
                  {failed}
                  <Box component="span" sx={visuallyHidden}>{` failed`}</Box>
                </>
              }
              sx={{ height: 20, fontSize: '0.75rem' }}
            />
          ) : null}
        </Box>
      }
      leftIcon={<Icon />}
      sx={{ pl: 4 }}
    />
  );
}

/** The staff menu: the dashboard, then every area in the dashboard's order, with the parts already built. */
export function StaffMenu() {
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Dashboard" />
      {STAFF_AREAS.flatMap((area) => [
        <Menu.Item key={area.path} to={staffUrl(area.path)} primaryText={area.name} leftIcon={<area.MenuIcon />} />,
        ...(area.parts ?? []).map((part) =>
          part.path === MAIL_RESOURCE ? (
            <MailOutboxItem key={part.path} name={part.name} Icon={part.MenuIcon} />
          ) : (
            <Menu.Item key={part.path} to={staffUrl(part.path)} primaryText={part.name} leftIcon={<part.MenuIcon />} sx={{ pl: 4 }} />
          ),
        ),
      ])}
    </Menu>
  );
}
