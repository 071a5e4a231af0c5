import { refundPolicy } from '../../../content/legal-refund';
import { LegalPage } from './legal-page';

export default function RefundPage() {
  return <LegalPage doc={refundPolicy} />;
}
