//! `chessbits pgn games` and `chessbits pgn moves` as a user runs them, against the
//! source: the Parquet files read back with the Arrow reader equal python-chess's rows for
//! the positions and SAN, and the `[%clk]`/`[%eval]` comments parsed here independently.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::*;

#[test]
fn moves_parquet_equals_python_chess_rows_and_the_comments() {
    let dir = temp_dir("moves");
    let out = dir.join("moves.parquet");
    let input = sample(&format!("{LICHESS}.pgn.zst"));
    let o = chessbits(&[
        "pgn",
        "moves",
        input.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let expected = reference_rows(LICHESS);
    let games = source_games(LICHESS);
    let mut rows = Vec::new();
    for b in read_parquet(&out) {
        let file = strings(&b, "file");
        let game = ints(&b, "game");
        let ply = ints(&b, "ply");
        let before = strings(&b, "before_fen");
        let san = strings(&b, "san");
        let uci = strings(&b, "uci");
        let after = strings(&b, "after_fen");
        let clock = floats(&b, "clock");
        let eval = evals(b.column_by_name("eval").unwrap());
        for i in 0..b.num_rows() {
            assert_eq!(file[i].as_deref(), input.to_str());
            rows.push((
                game[i].unwrap(),
                ply[i].unwrap(),
                before[i].clone().unwrap(),
                san[i].clone().unwrap(),
                uci[i].clone().unwrap(),
                after[i].clone().unwrap(),
                clock[i],
                eval[i],
            ));
        }
    }
    assert_eq!(rows.len(), expected.len());
    assert_eq!(rows.len(), 28_538);
    let mut k = 0;
    let mut evals_seen = 0;
    for (g, source) in games.iter().enumerate() {
        for (p, comment) in source.comments.iter().enumerate() {
            let r = &rows[k];
            let (fen0, san, fen1) = &expected[k];
            assert_eq!((r.0, r.1), (g as i64 + 1, p as i64 + 1));
            assert_eq!((&r.2, &r.3, &r.5), (fen0, san, fen1), "row {k}");
            assert!(
                uci_fits(&r.4, &r.2, &r.5),
                "row {k}: {} {} {}",
                r.2,
                r.4,
                r.5
            );
            assert_eq!(r.6, clock_of(comment), "row {k}: {comment}");
            assert!(r.6.is_some(), "every move of the sample has a clock");
            assert_eq!(r.7, eval_of(comment), "row {k}: {comment}");
            evals_seen += usize::from(r.7.is_some());
            k += 1;
        }
    }
    assert_eq!(k, rows.len());
    assert!(evals_seen > 1000, "{evals_seen}");
    assert!(rows.iter().any(|r| matches!(r.7, Some((None, Some(_))))));
}

#[test]
fn games_parquet_equals_the_tags_and_moves() {
    let dir = temp_dir("games");
    let out = dir.join("games.parquet");
    let input = sample(&format!("{LICHESS}.pgn.zst"));
    let o = chessbits(&[
        "pgn",
        "games",
        input.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--threads",
        "2",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let expected = reference_rows(LICHESS);
    let games = source_games(LICHESS);
    let mut n = 0;
    let mut k = 0;
    for b in read_parquet(&out) {
        let game = ints(&b, "game");
        let white = strings(&b, "white");
        let event = strings(&b, "event");
        let result = strings(&b, "result");
        let welo = ints(&b, "white_elo");
        let belo = ints(&b, "black_elo");
        let opening = strings(&b, "opening");
        let utc_time = strings(&b, "utc_time");
        let plies = ints(&b, "plies");
        let error = strings(&b, "error");
        let san = b.column_by_name("moves_san").unwrap().as_list::<i32>();
        let uci = b.column_by_name("moves_uci").unwrap().as_list::<i32>();
        let clocks = b.column_by_name("clocks").unwrap().as_list::<i32>();
        let evs = b.column_by_name("evals").unwrap().as_list::<i32>();
        let tags = b.column_by_name("tags").unwrap().as_list::<i32>();
        for i in 0..b.num_rows() {
            let src = &games[n];
            let tag = |name: &str| {
                src.tags
                    .iter()
                    .find(|(t, _)| t == name)
                    .map(|(_, v)| v.clone())
            };
            assert_eq!(game[i], Some(n as i64 + 1));
            assert_eq!(white[i], tag("White"));
            assert_eq!(event[i], tag("Event"));
            assert_eq!(result[i], tag("Result"));
            assert_eq!(opening[i], tag("Opening"));
            assert_eq!(utc_time[i], tag("UTCTime"));
            assert_eq!(welo[i], tag("WhiteElo").and_then(|v| v.parse().ok()));
            assert_eq!(belo[i], tag("BlackElo").and_then(|v| v.parse().ok()));
            assert_eq!(plies[i], Some(src.comments.len() as i64));
            assert_eq!(error[i], None);
            let t = tags.value(i);
            let t = t.as_struct();
            let keys = t.column(0).as_string::<i32>();
            let values = t.column(1).as_string::<i32>();
            assert_eq!(t.len(), src.tags.len());
            for (j, (name, value)) in src.tags.iter().enumerate() {
                assert_eq!(
                    (keys.value(j), values.value(j)),
                    (name.as_str(), value.as_str())
                );
            }
            let s = san.value(i);
            let s = s.as_string::<i32>();
            let u = uci.value(i);
            let u = u.as_string::<i32>();
            // Null lists for a game without any clock (eval): a null for each move.
            let c = clocks.value(i);
            let c = c.as_primitive::<Float64Type>();
            let clock = |p: usize| (!clocks.is_null(i)).then(|| c.value(p));
            let e = if evs.is_null(i) {
                vec![None; s.len()]
            } else {
                evals(evs.value(i).as_ref())
            };
            assert!(clocks.is_null(i) || c.len() == s.len());
            assert_eq!(e.len(), s.len());
            assert_eq!(s.len(), src.comments.len());
            assert_eq!(u.len(), s.len());
            for (p, comment) in src.comments.iter().enumerate() {
                assert_eq!(s.value(p), expected[k].1);
                assert_eq!(clock(p), clock_of(comment));
                assert_eq!(e[p], eval_of(comment));
                k += 1;
            }
            n += 1;
        }
    }
    assert_eq!(n, 438);
    assert_eq!(k, expected.len());
}
