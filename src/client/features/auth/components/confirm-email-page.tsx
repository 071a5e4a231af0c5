import { TokenPage } from './verify-email-page';

export default function ConfirmEmailPage() {
  return <TokenPage kind="confirm-email" />;
}
