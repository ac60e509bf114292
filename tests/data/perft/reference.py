# Independent reference for dama rules, written from RULES.md (not from the Rust code).
# Used to establish the counts of the hand-built positions in italian.perft and english.perft:
#   python3 tests/data/perft/reference.py perft it "W:WK29:BK4" 8
# It reproduces the start-position table of the rules specification to depth 7 for both sets.
import sys
from functools import lru_cache

def coords(rules, n):
    i = n - 1
    row, col = divmod(i, 4)
    starts_a = (row % 2 == 0) if rules == 'it' else (row % 2 == 1)
    return row, 2 * col + (0 if starts_a else 1)

def square(rules, row, f):
    if not (0 <= row < 8 and 0 <= f < 8):
        return None
    starts_a = (row % 2 == 0) if rules == 'it' else (row % 2 == 1)
    if f % 2 != (0 if starts_a else 1):
        return None
    return row * 4 + f // 2 + 1

DIRS = [(-1, -1), (-1, 1), (1, -1), (1, 1)]

def nb(rules, n, d):
    r, f = coords(rules, n)
    return square(rules, r + d[0], f + d[1])

# position: (side, frozenset of (sq, color, king)) -> use dict sq -> (color, king)
def parse_fen(fen):
    side, a, b = fen.split(':')
    board = {}
    for fld in (a, b):
        color = fld[0]
        for item in fld[1:].split(','):
            if not item:
                continue
            king = item.startswith('K')
            item = item.lstrip('K')
            if '-' in item:
                x, y = map(int, item.split('-'))
                for s in range(x, y + 1):
                    board[s] = (color, king)
            else:
                board[int(item)] = (color, king)
    return side, board

def fwd(color):
    return [(-1, -1), (-1, 1)] if color == 'W' else [(1, -1), (1, 1)]

def promo_row(color):
    return 0 if color == 'W' else 7

def captures(rules, side, board):
    chains = []  # (from, path, captured list in order, king?, promotes)
    for s, (c, k) in board.items():
        if c != side:
            continue
        dirs = DIRS if k else fwd(side)
        def dfs(sq, path, caps):
            ext = False
            for d in dirs:
                over = nb(rules, sq, d)
                if over is None or over not in board:
                    continue
                oc, ok = board[over]
                if oc == side or over in caps:
                    continue
                if rules == 'it' and not k and ok:
                    continue
                land = nb(rules, over, d)
                if land is None or (land in board and land != s):
                    continue
                ext = True
                np, nc = path + [land], caps + [over]
                if not k and coords(rules, land)[0] == promo_row(side):
                    chains.append((s, np, nc, k, True))
                    continue
                if not dfs(land, np, nc):
                    chains.append((s, np, nc, k, False))
            return ext
        dfs(s, [], [])
    if rules == 'it' and chains:
        def key(ch):
            s, path, caps, k, pr = ch
            kidx = [i for i, x in enumerate(caps) if board[x][1]]
            # earlier kings better: compare king jump indices lexicographically, smaller wins
            return (len(caps), 1 if k else 0, len(kidx), tuple(-i for i in kidx))
        best = max(key(c) for c in chains)
        chains = [c for c in chains if key(c) == best]
    # merge
    seen = {}
    for ch in chains:
        s, path, caps, k, pr = ch
        kk = (s, path[-1], frozenset(caps))
        if kk not in seen:
            seen[kk] = ch
    return list(seen.values())

def legal(rules, side, board):
    caps = captures(rules, side, board)
    if caps:
        return [('x', c) for c in caps]
    out = []
    for s, (c, k) in board.items():
        if c != side:
            continue
        for d in (DIRS if k else fwd(side)):
            t = nb(rules, s, d)
            if t is None or t in board:
                continue
            pr = (not k) and coords(rules, t)[0] == promo_row(side)
            out.append(('-', (s, t, k, pr)))
    return out

def name(m):
    if m[0] == '-':
        return f"{m[1][0]}-{m[1][1]}"
    s, path, caps, k, pr = m[1]
    return str(s) + ''.join('x%d' % p for p in path)

def play(side, board, m):
    b = dict(board)
    if m[0] == '-':
        s, t, k, pr = m[1]
        del b[s]
        b[t] = (side, k or pr)
    else:
        s, path, caps, k, pr = m[1]
        del b[s]
        for c in caps:
            del b[c]
        b[path[-1]] = (side, k or pr)
    return ('B' if side == 'W' else 'W'), b

def perft(rules, side, board, depth):
    if depth == 0:
        return 1
    ms = legal(rules, side, board)
    if depth == 1:
        return len(ms)
    return sum(perft(rules, *play(side, board, m), depth - 1) for m in ms)

def perft_memo(rules, side, board, depth):
    memo = {}
    def rec(side, board, depth):
        if depth == 0:
            return 1
        key = (side, frozenset(board.items()), depth)
        if key in memo:
            return memo[key]
        ms = legal(rules, side, board)
        if depth == 1:
            r = len(ms)
        else:
            r = sum(rec(*play(side, board, m), depth - 1) for m in ms)
        memo[key] = r
        return r
    return rec(side, board, depth)

if __name__ == '__main__':
    cmd = sys.argv[1]
    rules = sys.argv[2]
    side, board = parse_fen(sys.argv[3])
    if cmd == 'moves':
        print(sorted(name(m) for m in legal(rules, side, board)))
    elif cmd == 'perft':
        for d in range(1, int(sys.argv[4]) + 1):
            print(d, perft_memo(rules, side, board, d), flush=True)
