import { COPYRIGHT_YEAR } from '@quiz-points/shared';
import { Link } from 'react-router';
import { INQUIRY_FORM_URL } from '../../lib/links.ts';

export function UserFooter() {
  return (
    <footer className="site-footer" data-footer="user">
      <div className="site-footer__inner">
        <nav aria-label="フッター">
          <ul className="site-footer__links">
            <li>
              <Link to="/howto">使い方</Link>
            </li>
            <li>
              <Link to="/terms">利用規約</Link>
            </li>
            <li>
              <Link to="/privacy">プライバシーポリシー</Link>
            </li>
            <li>
              <Link to="/about">運営者情報</Link>
            </li>
            <li>
              <a href={INQUIRY_FORM_URL} target="_blank" rel="noopener noreferrer">
                お問い合わせ
              </a>
            </li>
            <li>
              <Link to="/advertiser">広告掲載をご希望の方</Link>
            </li>
          </ul>
        </nav>
        <p className="site-footer__copyright">© {COPYRIGHT_YEAR} クイズポイント</p>
      </div>
    </footer>
  );
}
