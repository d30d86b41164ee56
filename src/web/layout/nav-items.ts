import type { UserRole } from '../../domain';
import { aboutPath } from '../../domain/public-config';

/** The id of the phone menu (top-bar.tsx), which the menu button controls. */
export const SITE_DRAWER_ID = 'site-navigation-drawer';

export interface NavItem {
  label: string;
  to: string;
}

/** The top bar's links (spec 001 §2): home, learn more, about the label. */
export function primaryNavItems(labelName: string): NavItem[] {
  return [
    { label: 'Home', to: '/' },
    { label: 'Learn More', to: '/learn-more' },
    { label: 'About', to: aboutPath(labelName) },
  ];
}

/**
 * Every staff page, in the account menu and the phone drawer.
 */
export function staffNavItems(): NavItem[] {
  return [
    { label: 'Board', to: '/admin/board' },
    { label: 'Invite', to: '/admin/invite' },
    { label: 'Invitations', to: '/admin/invitations' },
    { label: 'Waiting list', to: '/admin/waiting-list' },
    { label: 'Artists', to: '/admin/artists' },
    { label: 'Agreement', to: '/admin/agreement' },
    { label: 'Templates', to: '/admin/templates' },
    { label: 'Response promise', to: '/admin/response-promise' },
    { label: 'Settings', to: '/admin/settings' },
    { label: 'Analytics', to: '/analytics' },
    { label: 'Test dashboard', to: '/test-dashboard' },
  ];
}

/** The staff pages of daily work, in the header on wide screens. */
export function staffHeaderItems(): NavItem[] {
  const daily = new Set([
    '/admin/board',
    '/admin/invitations',
    '/admin/waiting-list',
    '/analytics',
    '/test-dashboard',
  ]);
  return staffNavItems().filter((item) => daily.has(item.to));
}

/** The signed-in artist's menu (spec 000 §2); Logout sits beside it as an action, not a link. */
export function artistNavItems(): NavItem[] {
  return [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Profile', to: '/edit-profile' },
    { label: 'Submit Music', to: '/submit' },
  ];
}

/** The menu of whoever is signed in: the artist's pages, or every staff page. */
export function accountNavItems(role: UserRole): NavItem[] {
  return role === 'staff' ? staffNavItems() : artistNavItems();
}

/** The header's links: the public site's, the artist's pages, or staff's daily pages. */
export function headerNavItems(role: UserRole | undefined, labelName: string): NavItem[] {
  if (role === 'staff') return staffHeaderItems();
  return role ? artistNavItems() : primaryNavItems(labelName);
}
