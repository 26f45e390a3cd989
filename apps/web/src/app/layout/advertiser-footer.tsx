import { COPYRIGHT_YEAR } from '@quiz-points/shared';
import { Link } from 'react-router';
import { INQUIRY_FORM_URL } from '../../lib/links.ts';

export function AdvertiserFooter() {
  return (
    <footer className="site-footer site-footer--advertiser" data-footer="advertiser">
      <div className="site-footer__inner">
        <nav aria-label="広告主向けフッター">
          <ul className="site-footer__links">
            <li>
              <Link to="/advertiser/terms">広告主利用規約</Link>
            </li>
            <li>
              <Link to="/advertiser/legal">特定商取引法に基づく表記</Link>
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
          </ul>
        </nav>
        <p className="site-footer__copyright">© {COPYRIGHT_YEAR} クイズポイント 広告主サイト</p>
      </div>
    </footer>
  );
}
