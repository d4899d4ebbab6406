-- A rollout's failure caught and retried: the halt cannot be caught.
function choose(g, m)
  while true do pcall(function() g:copy():rollout("random") end) end
end
