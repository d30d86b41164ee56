import { getHomePath, type UserRole } from '../../domain';
import { aboutPath } from '../../domain/public-config';

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

/** Staff pages reached from the account menu (issue 7: the board; issue 9: invitations, waiting list). */
export function staffNavItems(): NavItem[] {
  return [
    { label: 'Board', to: '/admin/board' },
    { label: 'Invite', to: '/admin/invite' },
    { label: 'Invitations', to: '/admin/invitations' },
    { label: 'Waiting list', to: '/admin/waiting-list' },
    { label: 'Agreement', to: '/admin/agreement' },
  ];
}

/** The signed-in artist's menu (spec 000 §2); Logout sits beside it as an action, not a link. */
export function artistNavItems(): NavItem[] {
  return [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Profile', to: '/edit-profile' },
    { label: 'Submit Music', to: '/submit' },
  ];
}

/** The menu of whoever is signed in: the artist's pages, or the staff console and the board. */
export function accountNavItems(role: UserRole): NavItem[] {
  return role === 'staff'
    ? [{ label: 'Staff console', to: getHomePath('staff') }, ...staffNavItems()]
    : artistNavItems();
}
