import { COPYRIGHT_YEAR } from '@quiz-points/shared';
import { Link } from 'react-router';
import { INQUIRY_FORM_URL } from '../../lib/links.ts';

type FooterLink = { to: string; label: string };

/** What a footer holds: its name, whose it is, its links, and the links after the inquiry form's. */
export interface FooterContent {
  label: string;
  owner: string;
  links: FooterLink[];
  after: FooterLink[];
}

export const sharedFooterLinks: FooterLink[] = [
  { to: '/privacy', label: 'プライバシーポリシー' },
  { to: '/about', label: '運営者情報' },
];

const variants = {
  user: {
    label: 'フッター',
    owner: 'クイズポイント',
    links: [{ to: '/howto', label: '使い方' }, { to: '/terms', label: '利用規約' }, ...sharedFooterLinks],
    after: [{ to: '/advertiser', label: '広告掲載をご希望の方' }],
  },
  advertiser: {
    label: '広告主向けフッター',
    owner: 'クイズポイント 広告主サイト',
    links: [
      { to: '/advertiser/terms', label: '広告主利用規約' },
      { to: '/advertiser/legal', label: '特定商取引法に基づく表記' },
      ...sharedFooterLinks,
    ],
    after: [],
  },
} satisfies Record<string, FooterContent>;

const linkItems = (links: FooterLink[]) =>
  links.map((link) => (
    <li key={link.to}>
      <Link to={link.to}>{link.label}</Link>
    </li>
  ));

/** A footer: its links, the inquiry form's, and the copyright line (the operator console draws its own). */
export function Footer({ variant, label, owner, links, after }: FooterContent & { variant: string }) {
  return (
    <footer className={`site-footer site-footer--${variant}`} data-footer={variant}>
      <div className="site-footer__inner">
        <nav aria-label={label}>
          <ul className="site-footer__links">
            {linkItems(links)}
            <li>
              <a href={INQUIRY_FORM_URL} target="_blank" rel="noopener noreferrer">
                お問い合わせ
              </a>
            </li>
            {linkItems(after)}
          </ul>
        </nav>
        <p className="site-footer__copyright">
          © {COPYRIGHT_YEAR} {owner}
        </p>
      </div>
    </footer>
  );
}

/** SPEC §2: the advertiser footer under /advertiser, the user footer elsewhere. */
export function SiteFooter({ variant }: { variant: keyof typeof variants }) {
  return <Footer variant={variant} {...variants[variant]} />;
}
