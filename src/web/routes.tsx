import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { aboutPath, type PublicConfig } from '../domain/public-config';
import { RequireRole } from './auth/require-role';
import { PublicLayout } from './layout/public-layout';
import { RootErrorPage } from './layout/root-error-page';
import { StaffArea } from './layout/staff-area';
import { SigningLayout } from './pages/sign/signing-layout';

/**
 * A page loaded on first visit. The layout's Suspense boundary shows "Loading..." meanwhile
 * (spec 001 §2). Pages export named components; this picks the one named.
 */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  const page = lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType };
  });
  return Object.assign(page, { preload: load });
}

/**
 * Starts fetching the code of the pages `router` is on, without waiting for React to render
 * them: a signed-in page's code then loads while the session is checked, not after, and a page the
 * server rendered is hydrated as soon as it can be. A data router keeps a route's
 * `Component` as its `element` (React Router's `mapRouteProperties`), so the page is read there.
 */
export function preloadCurrentPages(router: {
  state: { matches: Array<{ route: { Component?: unknown; element?: unknown } }> };
}) {
  return Promise.all(
    router.state.matches.map(({ route }) => {
      const element = route.element as { type?: unknown } | null | undefined;
      const component = (route.Component ?? element?.type) as
        | { preload?: () => Promise<unknown> }
        | undefined;
      return component?.preload?.();
    }),
  );
}

const HomePage = lazyPage(() => import('./pages/public/home-page'), 'HomePage');
const LearnMorePage = lazyPage(() => import('./pages/public/learn-more-page'), 'LearnMorePage');
const AboutPage = lazyPage(() => import('./pages/public/about-page'), 'AboutPage');
const FaqPage = lazyPage(() => import('./pages/public/faq-page'), 'FaqPage');
const TermsOfServicePage = lazyPage(
  () => import('./pages/public/terms-of-service-page'),
  'TermsOfServicePage',
);
const PrivacyPolicyPage = lazyPage(() => import('./pages/public/privacy-policy-page'), 'PrivacyPolicyPage');
const CookiePolicyPage = lazyPage(() => import('./pages/public/cookie-policy-page'), 'CookiePolicyPage');
const DataProtectionPage = lazyPage(
  () => import('./pages/public/data-protection-page'),
  'DataProtectionPage',
);
const NotFoundPage = lazyPage(() => import('./pages/public/not-found-page'), 'NotFoundPage');
const UnsubscribePage = lazyPage(() => import('./pages/public/unsubscribe-page'), 'UnsubscribePage');

const SubmitPage = lazyPage(() => import('./pages/submit/submit-page'), 'SubmitPage');
const SubmitSuccessPage = lazyPage(() => import('./pages/submit/submit-success-page'), 'SubmitSuccessPage');
const InvitationPage = lazyPage(() => import('./pages/submit/invitation-page'), 'InvitationPage');
const ReturningArtistPage = lazyPage(
  () => import('./pages/submit/returning-artist-page'),
  'ReturningArtistPage',
);

const LoginPage = lazyPage(() => import('./pages/artist/login-page'), 'LoginPage');
const VerifySignInPage = lazyPage(() => import('./pages/artist/verify-sign-in-page'), 'VerifySignInPage');
const DashboardPage = lazyPage(() => import('./pages/artist/dashboard-page'), 'DashboardPage');
const EditProfilePage = lazyPage(() => import('./pages/artist/edit-profile-page'), 'EditProfilePage');
const SubmissionPage = lazyPage(() => import('./pages/artist/submission-page'), 'SubmissionPage');
const ReleaseDetailsPage = lazyPage(
  () => import('./pages/artist/release-details-page'),
  'ReleaseDetailsPage',
);
const SigningPage = lazyPage(() => import('./pages/sign/signing-page'), 'SigningPage');
const VerifyContractPage = lazyPage(() => import('./pages/contracts/verify-page'), 'VerifyContractPage');

const SubmissionDetailsPage = lazyPage(
  () => import('./pages/staff/submission-details-page'),
  'SubmissionDetailsPage',
);
const BoardPage = lazyPage(() => import('./pages/staff/board-page'), 'BoardPage');
const ArtistPage = lazyPage(() => import('./pages/staff/artist-page'), 'ArtistPage');
const TestDashboardPage = lazyPage(() => import('./pages/staff/test-dashboard-page'), 'TestDashboardPage');
const AnalyticsPage = lazyPage(() => import('./pages/staff/analytics-page'), 'AnalyticsPage');
const AdminInvitePage = lazyPage(() => import('./pages/staff/admin-invite-page'), 'AdminInvitePage');
const InvitationsPage = lazyPage(() => import('./pages/staff/invitations-page'), 'InvitationsPage');
const WaitingListPage = lazyPage(() => import('./pages/staff/waiting-list-page'), 'WaitingListPage');
const ArtistsPage = lazyPage(() => import('./pages/staff/artists-page'), 'ArtistsPage');
const DecisionTemplatesPage = lazyPage(
  () => import('./pages/staff/decision-templates-page'),
  'DecisionTemplatesPage',
);
const SettingsPage = lazyPage(() => import('./pages/staff/settings-page'), 'SettingsPage');
const ResponsePromisePage = lazyPage(
  () => import('./pages/staff/response-promise-page'),
  'ResponsePromisePage',
);
const AgreementTemplatePage = lazyPage(
  () => import('./pages/staff/agreement/agreement-template-page'),
  'AgreementTemplatePage',
);

function ArtistArea() {
  return <RequireRole userRole="artist" />;
}

/** Artist or staff: pages both open (the server checks ownership of what they show). */
function SignedInArea() {
  return <RequireRole />;
}

/** The route table of spec 001 §2 and spec 000 §2, plus a 404 page for every other path. */
export function appRoutes(config: Pick<PublicConfig, 'labelName'>): RouteObject[] {
  return [
    {
      Component: PublicLayout,
      ErrorBoundary: RootErrorPage,
      children: [
        // Public site (spec 001 §2)
        { index: true, Component: HomePage },
        { path: 'learn-more', Component: LearnMorePage },
        { path: aboutPath(config.labelName), Component: AboutPage },
        { path: 'faq', Component: FaqPage },
        { path: 'terms-of-service', Component: TermsOfServicePage },
        { path: 'privacy-policy', Component: PrivacyPolicyPage },
        { path: 'cookie-policy', Component: CookiePolicyPage },
        { path: 'data-protection', Component: DataProtectionPage },

        // Submitting (spec 001 §2)
        { path: 'submit', Component: SubmitPage },
        { path: 'submit/success', Component: SubmitSuccessPage },
        { path: 'i/:token', Component: InvitationPage },
        { path: 'r/:token', Component: ReturningArtistPage },
        // A reminder's or notice's List-Unsubscribe link, opened in a browser (RFC 8058)
        { path: 'unsubscribe/:token', Component: UnsubscribePage },

        // Sign-in (design.md §1)
        { path: 'login', Component: LoginPage },
        { path: 'login/verify', Component: VerifySignInPage },

        // Signed-in artist area (spec 000 §2, §5: visitors are sent to /login)
        {
          Component: ArtistArea,
          children: [
            { path: 'dashboard', Component: DashboardPage },
            { path: 'edit-profile', Component: EditProfilePage },
            // Without an id the page says so (spec 000 §2), rather than the generic not-found page.
            { path: 'submission', Component: SubmissionPage },
            { path: 'submission/:id', Component: SubmissionPage },
            { path: 'release-details/:id', Component: ReleaseDetailsPage },
          ],
        },

        // Staff (spec 001 §2; design.md §2 puts them behind the staff role)
        {
          Component: StaffArea,
          children: [
            { path: 'admin/board', Component: BoardPage },
            { path: 'details/:submissionId', Component: SubmissionDetailsPage },
            { path: 'artist/:artistId', Component: ArtistPage },
            { path: 'test-dashboard', Component: TestDashboardPage },
            { path: 'analytics', Component: AnalyticsPage },
            { path: 'admin/invite', Component: AdminInvitePage },
            { path: 'admin/invitations', Component: InvitationsPage },
            { path: 'admin/waiting-list', Component: WaitingListPage },
            { path: 'admin/artists', Component: ArtistsPage },
            { path: 'admin/agreement', Component: AgreementTemplatePage },
            { path: 'admin/templates', Component: DecisionTemplatesPage },
            { path: 'admin/settings', Component: SettingsPage },
            { path: 'admin/response-promise', Component: ResponsePromisePage },
          ],
        },

        // The artist agreement's check page: the artist and staff both open it
        {
          Component: SignedInArea,
          children: [{ path: 'contracts/:id/verify', Component: VerifyContractPage }],
        },

        { path: '*', Component: NotFoundPage },
      ],
    },
    // The signing page opens in a popup: no site header. It answers a visitor by
    // sending them to /login with the way back, from the server's 401.
    {
      Component: SigningLayout,
      ErrorBoundary: RootErrorPage,
      children: [{ path: 'sign/:token', Component: SigningPage }],
    },
  ];
}

export function createAppRouter(config: Pick<PublicConfig, 'labelName'>) {
  return createBrowserRouter(appRoutes(config));
}
