export function Logo() {
  return (
    <span className="logo">
      <span className="logo__mark" aria-hidden="true">
        Q
      </span>
      <span className="logo__text">クイズポイント</span>
    </span>
  );
}
