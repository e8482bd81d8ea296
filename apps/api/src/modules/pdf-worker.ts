import { serveRenderers } from '../lib/pdf/worker-serve';
import { PDF_RENDERERS } from './pdf-renderers';

serveRenderers(PDF_RENDERERS);
