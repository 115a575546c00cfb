import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { productTemplateUrl } from '../../shared/domain/catalogue';

/** The product's artwork templates (PDF), portrait and landscape, the chosen orientation first. */
export function TemplateLinks({ productId, productName, first = 'landscape' }: { productId: number; productName: string; first?: 'portrait' | 'landscape' }) {
  const orientations = first === 'portrait' ? (['portrait', 'landscape'] as const) : (['landscape', 'portrait'] as const);
  return (
    <Typography variant="body2" component="p" sx={{ my: 1 }} data-testid="template-links">
      Download template:{' '}
      {orientations.map((o, i) => (
        <span key={o}>
          {i > 0 && ' · '}
          <Link href={productTemplateUrl(productId, o)} target="_blank" rel="noopener" aria-label={`${productName} template, ${o} (PDF)`}>
            {o === 'portrait' ? 'Portrait' : 'Landscape'} (PDF)
          </Link>
        </span>
      ))}
    </Typography>
  );
}
