import InstagramIcon from '@mui/icons-material/Instagram';
import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import SmartDisplayIcon from '@mui/icons-material/SmartDisplay';
import YouTubeIcon from '@mui/icons-material/YouTube';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { listSocialLinks, type SocialLink } from '../../domain/social-links';
import { brand } from '../brand';
import { LogoMark } from '../components/logo';
import { usePublicConfig } from '../config';
import { primaryNavItems } from './nav-items';

/** A service's own logo where there is one, else the kind of link's: never another brand's. */
function socialIcon(link: SocialLink): ReactNode {
  if (link.service === 'YouTube') return <YouTubeIcon />;
  if (link.service === 'Instagram') return <InstagramIcon />;
  if (link.kind === 'video') return <SmartDisplayIcon />;
  if (link.kind === 'music') return <LibraryMusicIcon />;
  return <PhotoCameraIcon />;
}

const legalLinks = [
  { label: 'Terms of Service', to: '/terms-of-service' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Cookie Policy', to: '/cookie-policy' },
  { label: 'Data Protection', to: '/data-protection' },
];

const footerLinkSx = { color: brand.mist, '&:hover': { color: '#fff' } } as const;

function FooterColumn({ title, links }: { title: string; links: { label: string; to: string }[] }) {
  return (
    <Box component="nav" aria-label={title}>
      <Typography component="h2" variant="overline" sx={{ color: '#fff', display: 'block', mb: 1.5 }}>
        {title}
      </Typography>
      <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {links.map((link) => (
          <li key={link.to}>
            <Link component={RouterLink} to={link.to} underline="hover" sx={footerLinkSx}>
              {link.label}
            </Link>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

export function SiteFooter() {
  const { labelName, contactEmail, social } = usePublicConfig();
  // Video, music streaming and photo sharing (spec 001 §2): only those the label configured.
  const socials = listSocialLinks(labelName, social);
  const year = new Date().getFullYear();
  const explore = [...primaryNavItems(labelName), { label: 'FAQs', to: '/faq' }];

  return (
    <Box
      component="footer"
      sx={{ bgcolor: brand.night, color: brand.mist, mt: 'auto', pt: { xs: 6, md: 8 }, pb: 4 }}
    >
      <Container>
        <Grid container spacing={{ xs: 4, md: 6 }}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', mb: 2 }}>
              <LogoMark tone="dark" />
              <Typography component="p" sx={{ color: '#fff', fontWeight: 800, fontSize: '1.3rem' }}>
                {labelName}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ maxWidth: 380, mb: 2 }}>
              An independent label and publisher. We listen to every submission and work with artists on
              artist-friendly terms.
            </Typography>
            <Link href={`mailto:${contactEmail}`} variant="body2" underline="hover" sx={footerLinkSx}>
              {contactEmail}
            </Link>
            {socials.length > 0 && (
              <Stack
                component="ul"
                direction="row"
                spacing={1}
                aria-label={`Follow ${labelName}`}
                sx={{ listStyle: 'none', m: 0, p: 0, mt: 2 }}
              >
                {socials.map((link) => (
                  <li key={link.href}>
                    <IconButton
                      component="a"
                      href={link.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={link.label}
                      sx={{
                        color: '#fff',
                        bgcolor: 'rgba(255,255,255,0.08)',
                        '&:hover': { bgcolor: brand.primary },
                      }}
                    >
                      {socialIcon(link)}
                    </IconButton>
                  </li>
                ))}
              </Stack>
            )}
          </Grid>
          <Grid size={{ xs: 6, md: 3.5 }}>
            <FooterColumn title="Explore" links={explore} />
          </Grid>
          <Grid size={{ xs: 6, md: 3.5 }}>
            <FooterColumn title="Legal" links={legalLinks} />
          </Grid>
        </Grid>
        <Divider sx={{ borderColor: 'rgba(255,255,255,0.12)', my: 4 }} />
        {/* A prerendered page shows the server's year (routes/web.ts renders the pages again when
            it changes); around New Year the visitor's own may differ for a few hours. */}
        <Typography variant="body2" suppressHydrationWarning>
          © {year} {labelName}
        </Typography>
      </Container>
    </Box>
  );
}
