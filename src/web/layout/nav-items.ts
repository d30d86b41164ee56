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

/** Staff pages reached from the account menu (issue 7: the board). */
export function staffNavItems(): NavItem[] {
  return [{ label: 'Board', to: '/admin/board' }];
}
