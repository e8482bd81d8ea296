import { OpenClaims } from '../../features/claims/components/open-claims';
import StaffDashboardRoute from '../../features/staff/routes/dashboard';

/** The staff area's home with the panels of other features: an underwriter's open claims. */
export default function StaffHomeRoute() {
  return <StaffDashboardRoute panels={{ underwriter: <OpenClaims /> }} />;
}
