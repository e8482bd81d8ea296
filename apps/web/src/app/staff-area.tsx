import { useRoutes } from 'react-router';
import { staffRoutes } from './staff-routes';

/**
 * `/staff/*`, one lazy route of the app's router: the staff area's routes are declared in its own
 * chunk (`staff-routes.tsx`), so none of them adds to the landing page's JavaScript.
 */
export default function StaffArea() {
  return useRoutes(staffRoutes);
}
