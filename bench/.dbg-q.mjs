import fs from 'node:fs';
const src = fs.readFileSync('bench/scale/build-database.mjs', 'utf8');
const i = src.indexOf('function dayOf');
const fn = new Function('p','count','j','salt', src.slice(src.indexOf('{', i)+1, src.indexOf('\n}\n', i)));
console.log(`explain analyze select p.id, to_char(bench_build.today() - d.k, 'YYYYMMDD'), d.at, d.selected
      from bench_build.person p
      cross join lateral generate_series(0, p.c_daily - 1) j
      cross join lateral (select ${fn('p', 'c_daily', 'j', 100)} as k) kk
      cross join lateral (select kk.k, bench_build.at_day(kk.k, bench_build.u(p.n::bigint * 4096 + j, 102)) as at,
        case when bench_build.u(p.n::bigint * 4096 + j, 103) < 0.7 then bench_build.daily_correct(kk.k)
             else 1 + (bench_build.daily_correct(kk.k) + floor(bench_build.u(p.n::bigint * 4096 + j, 104)
               * (bench_build.daily_options(kk.k) - 1))::int) % bench_build.daily_options(kk.k) end as selected) d
      where p.kind = 'member' and p.c_daily > 0
      order by d.at;`);
