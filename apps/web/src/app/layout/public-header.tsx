import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo.tsx';
import { INQUIRY_FORM_URL } from '../../lib/links.ts';

export function PublicHeader() {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__logo">
          <Logo />
        </Link>
        <nav className="site-header__nav" aria-label="サイト">
          <Link to="/advertiser">広告主の方へ</Link>
          <a href={INQUIRY_FORM_URL} target="_blank" rel="noopener noreferrer">
            お問い合わせ
          </a>
        </nav>
      </div>
    </header>
  );
}
