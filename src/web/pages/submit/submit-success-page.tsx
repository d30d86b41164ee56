import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ProcessSteps, useProcessSteps } from '../../components/process-steps';
import { usePageTitle } from '../../components/use-page-title';
import { usePublicConfig } from '../../config';

/** The thank-you page after a submission (spec 001 §2). */
export function SubmitSuccessPage() {
  const { reviewPromise } = usePublicConfig();
  const { afterSubmit } = useProcessSteps();
  usePageTitle('Thank you');

  return (
    <Box sx={{ background: 'linear-gradient(180deg, #efeafe 0%, #f7f6fb 60%)', py: { xs: 6, md: 10 } }}>
      <Container maxWidth="md">
        <Card sx={{ borderRadius: '28px' }}>
          <CardContent sx={{ p: { xs: 3, sm: 5, md: 7 } }}>
            <CheckCircleRoundedIcon aria-hidden="true" sx={{ fontSize: 64, color: 'success.main', mb: 2 }} />
            <Typography variant="h1" sx={{ fontSize: { xs: '2.25rem', md: '3rem' }, mb: 2 }}>
              Thank you for your submission
            </Typography>
            <Typography variant="subtitle1" sx={{ color: 'text.secondary', mb: 5 }}>
              Your music is with us. Our team reviews it within {reviewPromise}, and if it is a fit we will
              reach out to you directly.
            </Typography>
            <Typography variant="h2" sx={{ fontSize: '1.5rem', mb: 3 }}>
              What happens next
            </Typography>
            <ProcessSteps steps={afterSubmit} />
            <Button
              component={RouterLink}
              to="/"
              variant="contained"
              size="large"
              startIcon={<HomeOutlinedIcon />}
              sx={{ mt: 5 }}
            >
              Return to Home
            </Button>
          </CardContent>
        </Card>
      </Container>
    </Box>
  );
}
